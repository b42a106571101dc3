import { describe, expect, it } from 'vitest';
import { DOSE_STATUSES, type DoseStatus } from '@smartcare/contract/medication';
import {
  doseTimes,
  dueNow,
  kstDate,
  kstInstant,
  takeable,
  transition,
  type DoseAction,
} from './medication.schedule.ts';

const rules = { missedAfterMin: 120 };
const scheduledAt = kstInstant('2026-03-10', '08:00');
const at = (minutes: number) => new Date(scheduledAt.getTime() + minutes * 60_000);

/** Moments that matter, in minutes from the scheduled time. */
const MOMENTS = {
  wayEarly: -24 * 60,
  beforeEarlyWindow: -61,
  earlyWindowOpens: -60,
  onTime: 0,
  withinWindow: 119,
  windowEnds: 120,
  pastWindow: 121,
  lateLimit: 24 * 60,
  pastLateLimit: 24 * 60 + 1,
} as const;
type Moment = keyof typeof MOMENTS;

/** What each (state, action, moment) must give: a new state (and late), or the refusal. */
function expected(status: DoseStatus, action: DoseAction, moment: Moment): string {
  const m = MOMENTS[moment];
  if (status === 'TAKEN') return 'MEDICATION_DOSE_ALREADY_DONE';
  const early = m < -60;
  const pastWindow = m > 120;
  if (action === 'TAKE') {
    if (early) return 'MEDICATION_DOSE_TOO_EARLY';
    if (m > 24 * 60) return 'MEDICATION_DOSE_TOO_LATE';
    return `TAKEN${pastWindow || status === 'MISSED' ? ' late' : ''}`;
  }
  if (status !== 'PENDING') return 'MEDICATION_DOSE_ALREADY_DONE';
  if (early) return 'MEDICATION_DOSE_TOO_EARLY';
  if (action === 'SKIP') return 'SKIPPED';
  return pastWindow ? 'MEDICATION_DOSE_TOO_LATE' : 'PENDING';
}

describe('the dose state machine, every state × action × moment', () => {
  const actions: DoseAction[] = ['TAKE', 'SKIP', 'SNOOZE'];
  const cases = DOSE_STATUSES.flatMap((status) =>
    actions.flatMap((action) =>
      (Object.keys(MOMENTS) as Moment[]).map((moment) => [status, action, moment] as const),
    ),
  );

  it('covers 4 states × 3 actions × 9 moments', () => expect(cases).toHaveLength(108));

  it.each(cases)('%s + %s at %s', (status, action, moment) => {
    const result = transition({ status, scheduledAt }, action, at(MOMENTS[moment]), rules);
    const got = result.ok ? `${result.status}${result.late ? ' late' : ''}` : result.code;
    expect(got).toBe(expected(status, action, moment));
  });

  it('a dose can never be taken twice, whatever the time', () => {
    for (const m of Object.values(MOMENTS))
      expect(transition({ status: 'TAKEN', scheduledAt }, 'TAKE', at(m), rules)).toEqual({
        ok: false,
        code: 'MEDICATION_DOSE_ALREADY_DONE',
      });
  });

  it('the missed window is the configured one', () => {
    const short = { missedAfterMin: 30 };
    expect(transition({ status: 'PENDING', scheduledAt }, 'TAKE', at(31), short)).toEqual({
      ok: true,
      status: 'TAKEN',
      late: true,
    });
    expect(transition({ status: 'PENDING', scheduledAt }, 'TAKE', at(29), short)).toEqual({
      ok: true,
      status: 'TAKEN',
      late: false,
    });
  });
});

describe('due now and takeable', () => {
  it('a dose is due from 15 minutes before its time until its window passes; takeable from an hour before', () => {
    const pending = { status: 'PENDING' as const, scheduledAt };
    expect([-16, -15, 0, 120, 121].map((m) => dueNow(pending, at(m), rules))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
    expect([-61, -60, 0, 24 * 60, 24 * 60 + 1].map((m) => takeable(pending, at(m), rules))).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
    expect(dueNow({ status: 'TAKEN', scheduledAt }, at(0), rules)).toBe(false);
  });
});

describe('dose times (Asia/Seoul)', () => {
  const base = {
    times: ['08:00', '20:00'],
    everyHours: null,
    daysOfWeek: [],
    startDate: '2026-03-10',
    endDate: null,
  };

  it('places the listed times on Korean days', () => {
    const times = doseTimes(base, kstInstant('2026-03-10'), kstInstant('2026-03-12'));
    expect(times.map((t) => t.toISOString())).toEqual([
      '2026-03-09T23:00:00.000Z',
      '2026-03-10T11:00:00.000Z',
      '2026-03-10T23:00:00.000Z',
      '2026-03-11T11:00:00.000Z',
    ]);
    expect(kstDate(times[0]!)).toBe('2026-03-10');
  });

  it('keeps to the weekdays, start and end dates', () => {
    // 2026-03-10 is a Tuesday; Mon/Wed only, ending on the 13th.
    const times = doseTimes(
      { ...base, times: ['09:00'], daysOfWeek: [1, 3], endDate: '2026-03-16' },
      kstInstant('2026-03-01'),
      kstInstant('2026-04-01'),
    );
    expect(times.map(kstDate)).toEqual(['2026-03-11', '2026-03-16']);
  });

  it('every N hours from the first time, across midnight', () => {
    const times = doseTimes(
      { ...base, times: ['06:00'], everyHours: 8 },
      kstInstant('2026-03-10', '07:00'),
      kstInstant('2026-03-11', '15:00'),
    );
    expect(times.map((t) => new Date(t.getTime() + 9 * 3_600_000).toISOString().slice(0, 16))).toEqual([
      '2026-03-10T14:00',
      '2026-03-10T22:00',
      '2026-03-11T06:00',
      '2026-03-11T14:00',
    ]);
  });

  it('nothing before the start date, nothing in an empty range', () => {
    expect(doseTimes(base, kstInstant('2026-03-01'), kstInstant('2026-03-10'))).toEqual([]);
    expect(doseTimes(base, kstInstant('2026-03-12'), kstInstant('2026-03-12'))).toEqual([]);
  });
});
