import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PatientMedications } from '../../features/medication/components/patient-medications';

/** issue 15: a home-care patient's medications (`/home-care/:patientIdx/medication`). */
export function HomeCareMedicationRoute() {
  const { t } = useTranslation();
  const { patientIdx } = useParams();
  const idx = Number(patientIdx);
  return (
    <>
      <Typography.Title level={2}>{t('medication.title', { patientIdx: idx })}</Typography.Title>
      <PatientMedications key={idx} patientIdx={idx} />
    </>
  );
}
