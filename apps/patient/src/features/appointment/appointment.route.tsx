import type { Area } from '../../config/area';
import { AppointmentDetailScreen } from './appointment-detail-screen';
import { AppointmentListScreen } from './appointment-list-screen';

/** `/hospital/schedulemanage/list` (spec §2), with the personal-item form at `?new=1`. */
export function AppointmentListRoute({ area }: { area: Area }) {
  return <AppointmentListScreen area={area} />;
}

/** `/hospital/schedulemanage/{idx}` (spec §2). */
export function AppointmentDetailRoute({ area, idx }: { area: Area; idx: string }) {
  return <AppointmentDetailScreen area={area} idx={idx} />;
}
