import { describe, expect, it } from 'vitest';
import { apiCalls } from './api-calls.ts';
import {
  TELEMEDICINE_ENTER_BEFORE_MIN,
  TELEMEDICINE_STATUS_KO,
  TELEMEDICINE_TRANSITIONS,
  TELEMEDICINE_VISIT_STATUSES,
  telemedicineWindow,
} from './telemedicine.ts';

describe('telemedicine contract', () => {
  it('names every status in Korean and ends in COMPLETE, CANCELLED or NO_SHOW', () => {
    for (const status of TELEMEDICINE_VISIT_STATUSES) expect(TELEMEDICINE_STATUS_KO[status]).toBeTruthy();
    expect(TELEMEDICINE_TRANSITIONS.COMPLETE).toEqual([]);
    expect(TELEMEDICINE_TRANSITIONS.WAITING).toContain('BOOKED');
    expect(TELEMEDICINE_TRANSITIONS.IN_CALL).toEqual(['COMPLETE']);
  });

  it('opens the waiting room 10 minutes before and closes it at the end of the visit', () => {
    const { opensAt, closesAt } = telemedicineWindow('2026-11-25T10:00:00+09:00', 15);
    expect(TELEMEDICINE_ENTER_BEFORE_MIN).toBe(10);
    expect(opensAt.toISOString()).toBe('2026-11-25T00:50:00.000Z');
    expect(closesAt.toISOString()).toBe('2026-11-25T01:15:00.000Z');
  });

  it('refuses bad bodies with the schemas the server validates with', () => {
    const change = apiCalls.telemedicine.requestChange.body;
    const at = '2026-12-01T10:00:00+09:00';
    expect(change.safeParse({ visitIdx: 1, preferredDates: [at] }).success).toBe(true);
    expect(change.safeParse({ visitIdx: 1, preferredDates: [] }).success).toBe(false);
    expect(change.safeParse({ visitIdx: 1, preferredDates: [at, at, at, at] }).success).toBe(false);
    expect(change.safeParse({ visitIdx: 1, preferredDates: ['tomorrow'] }).success).toBe(false);
    const summary = apiCalls.telemedicine.writeSummary.body;
    expect(summary.safeParse({ visitIdx: 1, summary: '<script>x</script>' }).success).toBe(true);
    expect(summary.safeParse({ visitIdx: 1, summary: 'a\u0000b' }).success).toBe(false);
    expect(summary.safeParse({ visitIdx: 1, summary: 'x'.repeat(4001) }).success).toBe(false);
    const check = apiCalls.telemedicine.reportDeviceCheck.body;
    expect(
      check.safeParse({
        camera: 'OK',
        microphone: 'DENIED',
        speakerConfirmed: true,
        rttMs: null,
        downKbps: 800,
      }).success,
    ).toBe(true);
    expect(
      check.safeParse({ camera: 'YES', microphone: 'OK', speakerConfirmed: true, rttMs: 1, downKbps: 1 })
        .success,
    ).toBe(false);
  });
});
