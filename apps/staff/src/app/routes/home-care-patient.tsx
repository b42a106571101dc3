import { Navigate, useParams } from 'react-router';
import { paths } from '../../config/paths';
import { HomeCarePatientPage } from '../../features/home-care/components/home-care-patient-page';

/**
 * issue 13: a home-care patient's page. Medication and diet (other features) add their links
 * to `/home-care/:patientIdx/medication` and `/diet` here, through `sections`.
 */
export function HomeCarePatientRoute() {
  const { patientIdx } = useParams();
  const idx = Number(patientIdx);
  if (!Number.isInteger(idx) || idx < 1) return <Navigate to={paths.homeCare.href()} replace />;
  return <HomeCarePatientPage key={idx} patientIdx={idx} />;
}
