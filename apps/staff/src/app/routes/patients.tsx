import { PatientList } from '../../features/admissions/components/patient-list';
import { TestNotificationButton } from '../../features/notifications/components/test-notification-button';

export function PatientsRoute() {
  // issue 12: each patient's row can send a test notification
  return (
    <PatientList rowActions={(p) => <TestNotificationButton patientIdx={p.patientIdx} name={p.name} />} />
  );
}
