import { useParams } from 'react-router';
import { PatientDiet } from '../../features/diet/components/patient-diet';
import { EmptyState } from '../../components/ui/query-state';
import { useTranslation } from 'react-i18next';

/** issue 15: `/home-care/:patientIdx/diet`. */
export function PatientDietRoute() {
  const { t } = useTranslation();
  const patientIdx = Number(useParams().patientIdx);
  if (!Number.isInteger(patientIdx) || patientIdx <= 0) return <EmptyState text={t('diet.noPatient')} />;
  return <PatientDiet key={patientIdx} patientIdx={patientIdx} />;
}
