import type { Appointment, AppointmentStatus } from '@smartcare/contract/appointment';
import { useTranslation } from 'react-i18next';

/** The status as a word on a coloured chip (colour is never the only signal). */
export function AppointmentStatusChip({ status }: { status: AppointmentStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`appt-status appt-status-${status.toLowerCase()}`}>
      {t(`appointmentScreens.status.${status}`)}
    </span>
  );
}

/** "내 일정": the mark of the patient's own item. */
export function OwnMark() {
  const { t } = useTranslation();
  return <span className="appt-own">{t('appointmentScreens.own')}</span>;
}

/** What the card and detail call the item: the own title, or the type and department. */
export function useAppointmentTitle() {
  const { t } = useTranslation();
  return (item: Appointment) =>
    item.kind === 'PERSONAL'
      ? item.title
      : `${item.type ? t(`appointmentScreens.types.${item.type}`) : ''} · ${item.department}`;
}

export function placeOf(item: Appointment): string {
  return [item.building, item.floor, item.room].filter(Boolean).join(' ');
}
