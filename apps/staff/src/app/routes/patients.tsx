import { PatientList } from '../../features/admissions/components/patient-list';

export function PatientsRoute() {
  return <PatientList />;
}
