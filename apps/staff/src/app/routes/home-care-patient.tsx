import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { HomeCarePatientPage } from '../../features/home-care/components/home-care-patient-page';

/**
 * issue 13: a home-care patient's page, with links to the patient's medication and diet
 * (issue 15, other features: joined here, not imported by the page).
 */
export function HomeCarePatientRoute() {
  const { t } = useTranslation();
  const { patientIdx } = useParams();
  const idx = Number(patientIdx);
  if (!Number.isInteger(idx) || idx < 1) return <Navigate to={paths.homeCare.href()} replace />;
  return (
    <HomeCarePatientPage
      key={idx}
      patientIdx={idx}
      sections={
        <>
          <Link to={paths.homeCareMedication.href(idx)}>{t('homeCare.patient.medicationLink')}</Link>
          <Link to={paths.homeCareDiet.href(idx)}>{t('homeCare.patient.dietLink')}</Link>
        </>
      }
    />
  );
}
