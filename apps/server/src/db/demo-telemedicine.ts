import type { SqlQueryable } from '../plugins/db/db.plugin.ts';
import { telemedicineRepository as repo } from '../modules/telemedicine/telemedicine.repository.ts';

type Sql = Pick<SqlQueryable, 'query'>;

const MINUTE = 60_000;
/** The reason of the demo's "today" visit: how a restart finds it to open its window again. */
export const DEMO_TODAY_REASON = '혈압약 복용 후 어지러움 상담';

/** `days` from today (Asia/Seoul) at `hh:mm` Seoul time. */
function kstAt(now: Date, days: number, time: string): Date {
  const seoulToday = new Date(now.getTime() + 9 * 3_600_000).toISOString().slice(0, 10);
  return new Date(new Date(`${seoulToday}T${time}:00+09:00`).getTime() + days * 86_400_000);
}

/** Five minutes from now, on the minute: the waiting room (10 minutes before) is open at once. */
function soon(now: Date): Date {
  return new Date(Math.ceil((now.getTime() + 5 * MINUTE) / MINUTE) * MINUTE);
}

/**
 * The demo patient's telemedicine visits (issue 17) with the demo nurse as clinician: one today
 * whose waiting room is open when the server starts, one next week, and a finished one with a
 * summary. Seeded once; at each later start an unused "today" visit whose window has closed is
 * moved to five minutes from then, so the demo always has a visit to enter.
 */
export async function seedDemoTelemedicine(
  tx: Sql,
  {
    patientIdx,
    hospitalIdx,
    clinician,
    now = new Date(),
  }: { patientIdx: number; hospitalIdx: number; clinician: { idx: number; name: string }; now?: Date },
): Promise<void> {
  const { rows } = await tx.query<{ idx: number; status: string; ends_at: Date | string }>(
    `SELECT idx, status, scheduled_at + make_interval(mins => duration_min) AS ends_at
       FROM telemedicine_visits WHERE patient_idx = $1 AND reason = $2`,
    [patientIdx, DEMO_TODAY_REASON],
  );
  const { rows: any } = await tx.query(`SELECT 1 FROM telemedicine_visits WHERE patient_idx = $1 LIMIT 1`, [
    patientIdx,
  ]);
  if (any.length > 0) {
    for (const visit of rows) {
      if (visit.status === 'BOOKED' && new Date(visit.ends_at) <= now) {
        await repo.reschedule(tx, visit.idx, soon(now).toISOString(), now);
      }
    }
    return;
  }

  const base = { hospitalIdx, patientIdx, staffIdx: clinician.idx, department: '내과', at: now };
  const today = await repo.insert(tx, {
    ...base,
    scheduledAt: soon(now).toISOString(),
    durationMin: 30,
    reason: DEMO_TODAY_REASON,
    preparation: '최근 일주일 혈압 기록과 복용 중인 약을 준비해 주세요.',
  });
  const next = await repo.insert(tx, {
    ...base,
    scheduledAt: kstAt(now, 7, '14:00').toISOString(),
    durationMin: 15,
    reason: '혈압 경과 확인',
    preparation: null,
  });
  const pastAt = kstAt(now, -7, '15:00');
  const past = await repo.insert(tx, {
    ...base,
    scheduledAt: pastAt.toISOString(),
    durationMin: 15,
    reason: '퇴원 후 첫 비대면 진료',
    preparation: null,
    at: new Date(pastAt.getTime() - 3 * 86_400_000),
  });
  const started = new Date(pastAt.getTime() + 2 * MINUTE);
  const ended = new Date(started.getTime() + 12 * MINUTE);
  await repo.setStatus(tx, past, {
    status: 'COMPLETE',
    at: ended,
    callStartedAt: started,
    callEndedAt: ended,
  });
  await repo.setSummary(tx, past, {
    text: '퇴원 후 혈압 130/80 전후로 안정적입니다. 어지러움이나 두통은 없다고 하셨습니다. 현재 복용 중인 혈압약을 그대로 유지합니다.',
    followUp: '2주 뒤 비대면 진료로 혈압 기록을 함께 봅니다.',
    byIdx: clinician.idx,
    byName: clinician.name,
    at: new Date(ended.getTime() + 5 * MINUTE),
  });
  const booked = (idx: number, at: Date) =>
    repo.addHistory(tx, idx, {
      kind: 'BOOKED',
      actorType: 'staff',
      actorIdx: clinician.idx,
      byName: clinician.name,
      at,
    });
  await booked(today, now);
  await booked(next, now);
  await booked(past, new Date(pastAt.getTime() - 3 * 86_400_000));
  for (const [kind, at] of [
    ['ADMITTED', started],
    ['ENDED', ended],
    ['SUMMARY_WRITTEN', new Date(ended.getTime() + 5 * MINUTE)],
  ] as const) {
    await repo.addHistory(tx, past, {
      kind,
      actorType: 'staff',
      actorIdx: clinician.idx,
      byName: clinician.name,
      at,
    });
  }
}
