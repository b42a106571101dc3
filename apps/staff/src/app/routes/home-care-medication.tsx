import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { usePatientMedications } from '../../features/medication/api/get-patient-medications';
import { PatientMedications } from '../../features/medication/components/patient-medications';

/** issue 15: a home-care patient's medications (`/home-care/:patientIdx/medication`). */
export function HomeCareMedicationRoute() {
  const { t } = useTranslation();
  const { patientIdx } = useParams();
  const idx = Number(patientIdx);
  // The same query as the page below (shared cache): the heading names whose medicines these are.
  const data = usePatientMedications(idx);
  return (
    <>
      <Typography.Title level={2}>
        {data.data ? t('medication.title', { name: data.data.patientName }) : t('medication.titleLoading')}
      </Typography.Title>
      <PatientMedications key={idx} patientIdx={idx} />
    </>
  );
}
