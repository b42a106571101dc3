import type { TelemedicineVisit, TelemedicineVisitStatus } from '@smartcare/contract/telemedicine';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths';

/** The status as a chip, in the patient's words (예약됨, 대기 중, 진료 중, 완료, 취소, 불참). */
export function VisitStatusChip({ status }: { status: TelemedicineVisitStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`tm-chip tm-chip-${status.toLowerCase()}`}>{t(`telemedicine.status.${status}`)}</span>
  );
}

/** "김민준 의사 · 내과". */
export function clinicianText(
  visit: Pick<TelemedicineVisit, 'clinician' | 'department'>,
  t: TFunction,
): string {
  return t('telemedicine.clinicianLine', {
    name: visit.clinician.name,
    role: t(`telemedicine.role.${visit.clinician.role}`, { defaultValue: '' }),
    department: visit.department,
  });
}

const seoulDay = (value: string | Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Seoul' }).format(new Date(value));

/** The device check was done today (Asia/Seoul): entering goes straight to the waiting room. */
export function checkedToday(visit: Pick<TelemedicineVisit, 'deviceCheck'>, now = new Date()): boolean {
  return !!visit.deviceCheck && seoulDay(visit.deviceCheck.checkedAt) === seoulDay(now);
}

/** The waiting room and call of a visit (the spec's route, the visit in the query string). */
export const videoCallHref = (visitIdx: number) =>
  `${paths.homecare.telemedicineVideoCall.href()}?visitIdx=${visitIdx}`;

/** The device check, then on to the visit's waiting room. */
export const deviceCheckHref = (visitIdx?: number) =>
  visitIdx
    ? `${paths.homecare.telemedicineConfig.href()}?visitIdx=${visitIdx}`
    : paths.homecare.telemedicineConfig.href();

/** Where "입장하기" leads: the device check first unless it was done today. */
export function enterHref(visit: TelemedicineVisit, now = new Date()): string {
  return checkedToday(visit, now) ? videoCallHref(visit.visitIdx) : deviceCheckHref(visit.visitIdx);
}

/** A visit that is running now (the patient may go back to its room). */
export const inRoom = (visit: Pick<TelemedicineVisit, 'status'>) =>
  visit.status === 'WAITING' || visit.status === 'IN_CALL';

/** A positive visit number from a route or query value; 0 when it is not one. */
export function visitIdxOf(value: string | null | undefined): number {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : 0;
}

/** "오후 2:05" style time of day (the device's zone, as every date of the app). */
export function timeOfDay(value: string, language?: string): string {
  const locale = language === 'en-US' ? 'en-US' : language === 'zh-CN' ? 'zh-CN' : 'ko-KR';
  return new Intl.DateTimeFormat(locale, { timeStyle: 'short' }).format(new Date(value));
}
