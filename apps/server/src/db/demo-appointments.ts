import type { SqlQueryable } from '../plugins/db/db.plugin.ts';
import { appointmentRepository as repo } from '../modules/appointment/appointment.repository.ts';

/** `days` from today (Asia/Seoul) at `hh:mm` Seoul time, as an instant. */
function kstAt(now: Date, days: number, time: string): string {
  const seoulToday = new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
  const day = new Date(`${seoulToday}T${time}:00+09:00`);
  return new Date(day.getTime() + days * 86_400_000).toISOString();
}

/**
 * The demo patient's appointments (issue 16): a past visit (완료), an outpatient visit in three
 * days, a fasting blood test next week, and a personal pharmacy visit. Seeded once, with the
 * demo account.
 */
export async function seedDemoAppointments(
  tx: Pick<SqlQueryable, 'query'>,
  {
    patientIdx,
    hospitalIdx,
    staff,
    now = new Date(),
  }: { patientIdx: number; hospitalIdx: number; staff: { idx: number; name: string }; now?: Date },
): Promise<void> {
  const hospital = {
    kind: 'HOSPITAL' as const,
    hospitalIdx,
    patientIdx,
    title: '',
    durationMin: 30,
    building: '본관',
    at: now,
  };
  const items = [
    {
      ...hospital,
      department: '내과',
      doctor: '김민준',
      startsAt: kstAt(now, -14, '10:00'),
      floor: '2층',
      room: '내과 3진료실',
      type: 'OUTPATIENT' as const,
      preparation: '',
      clientRequestId: 'demo-appointment-past',
      done: true,
    },
    {
      ...hospital,
      department: '내과',
      doctor: '김민준',
      startsAt: kstAt(now, 3, '09:30'),
      floor: '2층',
      room: '내과 3진료실',
      type: 'OUTPATIENT' as const,
      preparation: '복용 중인 약과 지난 검사 결과지를 가져오세요.',
      clientRequestId: 'demo-appointment-outpatient',
      done: false,
    },
    {
      ...hospital,
      department: '진단검사의학과',
      doctor: '이서연',
      startsAt: kstAt(now, 8, '08:00'),
      building: '별관',
      floor: '1층',
      room: '채혈실',
      type: 'EXAM' as const,
      preparation: '검사 전 8시간 금식해 주세요. 물은 조금 마셔도 됩니다.',
      clientRequestId: 'demo-appointment-exam',
      done: false,
    },
    {
      kind: 'PERSONAL' as const,
      hospitalIdx: null,
      patientIdx,
      title: '약국에서 처방약 받기',
      department: '',
      doctor: '',
      durationMin: 30,
      startsAt: kstAt(now, 3, '11:00'),
      building: '온누리약국',
      floor: '',
      room: '',
      type: null,
      preparation: '',
      clientRequestId: 'demo-appointment-personal',
      at: now,
      done: false,
    },
  ];
  for (const { done, ...item } of items) {
    const idx = await repo.insert(tx, item);
    const actor =
      item.kind === 'HOSPITAL'
        ? { actorType: 'staff' as const, actorIdx: staff.idx, actorName: staff.name }
        : { actorType: 'patient' as const, actorIdx: patientIdx, actorName: '김하늘' };
    await repo.addEvent(tx, idx, { action: 'CREATED', ...actor, startsAt: item.startsAt, at: now });
    if (done) {
      await repo.setStatus(tx, idx, { status: 'COMPLETED', at: now });
      await repo.addEvent(tx, idx, { action: 'COMPLETED', ...actor, startsAt: item.startsAt, at: now });
    }
  }
}
