import { AppointmentsBoard } from '../../features/appointments/components/appointments-board';

/** issue 16: the hospital's appointments (진료 예약). */
export function AppointmentsRoute() {
  return <AppointmentsBoard />;
}
