import { describe, expect, it } from 'vitest';
import {
  advertisingConsentValid,
  decidePush,
  maySend,
  retryDelayMs,
  titleFor,
  type PushPreferences,
} from './notification.rules.ts';

const prefs = (overrides: Partial<PushPreferences> = {}): PushPreferences => ({
  chat: true,
  nurseCall: true,
  medication: true,
  qna: true,
  document: true,
  schedule: true,
  notice: true,
  quietHoursEnabled: false,
  quietHoursStart: '22:00',
  quietHoursEnd: '07:00',
  marketingAgreedAt: null,
  marketingNightAgreedAt: null,
  ...overrides,
});
/** A time in Korea (UTC+9). */
const kst = (iso: string) => new Date(`${iso}+09:00`);

describe('the push decision', () => {
  it("follows each kind's switch; a test notification has none", () => {
    const at = kst('2026-03-02T12:00:00');
    expect(decidePush('qna', prefs({ qna: false }), at)).toEqual({ push: false, reason: 'switchedOff' });
    expect(decidePush('document', prefs({ document: false }), at)).toEqual({
      push: false,
      reason: 'switchedOff',
    });
    expect(decidePush('medication', prefs({ chat: false }), at)).toEqual({
      push: true,
      dueAt: at,
      held: null,
    });
    expect(decidePush('test', prefs({ chat: false, notice: false }), at)).toMatchObject({ push: true });
  });

  it('holds non-urgent pushes in quiet hours (over midnight) until they end, to the minute', () => {
    const quiet = prefs({ quietHoursEnabled: true, quietHoursStart: '22:00', quietHoursEnd: '07:00' });
    expect(decidePush('notice', quiet, kst('2026-03-02T23:30:20'))).toEqual({
      push: true,
      dueAt: kst('2026-03-03T07:00:00'),
      held: 'quietHours',
    });
    expect(decidePush('notice', quiet, kst('2026-03-03T06:59:00'))).toMatchObject({
      dueAt: kst('2026-03-03T07:00:00'),
    });
    expect(decidePush('notice', quiet, kst('2026-03-03T07:00:00'))).toMatchObject({ held: null });
    expect(decidePush('notice', quiet, kst('2026-03-02T21:59:00'))).toMatchObject({ held: null });
    // A nurse on the way is not held.
    expect(decidePush('nurseCall', quiet, kst('2026-03-02T23:30:00'))).toMatchObject({ held: null });
    // A window within one day.
    const lunch = prefs({ quietHoursEnabled: true, quietHoursStart: '12:00', quietHoursEnd: '13:00' });
    expect(decidePush('chat', lunch, kst('2026-03-02T12:10:00'))).toMatchObject({
      dueAt: kst('2026-03-02T13:00:00'),
    });
    expect(decidePush('chat', lunch, kst('2026-03-02T13:10:00'))).toMatchObject({ held: null });
  });

  it('holds advertising at 21:00–08:00 without the night opt-in, and sends it with one', () => {
    const agreed = kst('2026-01-01T10:00:00');
    const night = kst('2026-03-02T21:00:00');
    expect(decidePush('marketing', prefs({ marketingAgreedAt: agreed }), night)).toEqual({
      push: true,
      dueAt: kst('2026-03-03T08:00:00'),
      held: 'advertisingNight',
    });
    expect(
      decidePush('marketing', prefs({ marketingAgreedAt: agreed }), kst('2026-03-03T08:00:00')),
    ).toMatchObject({ held: null });
    expect(
      decidePush('marketing', prefs({ marketingAgreedAt: agreed, marketingNightAgreedAt: agreed }), night),
    ).toMatchObject({ held: null });
  });

  it('sends advertising only within two years of the consent, titled (광고); clinical kinds never are', () => {
    const agreed = new Date('2024-03-02T00:00:00Z');
    expect(advertisingConsentValid(agreed, new Date('2026-03-01T23:59:59Z'))).toBe(true);
    expect(advertisingConsentValid(agreed, new Date('2026-03-02T00:00:00Z'))).toBe(false);
    expect(maySend('marketing', prefs(), new Date())).toBe(false);
    expect(maySend('medication', prefs(), new Date())).toBe(true);
    expect(titleFor('marketing', '검진 할인')).toBe('(광고) 검진 할인');
    expect(titleFor('marketing', '(광고) 검진 할인')).toBe('(광고) 검진 할인');
    expect(titleFor('medication', '복약 시간입니다')).toBe('복약 시간입니다');
  });

  it('backs off 30 s, 1 min, 2 min … at most an hour, and never sooner than Retry-After', () => {
    expect(retryDelayMs(1)).toBeGreaterThanOrEqual(24_000);
    expect(retryDelayMs(1)).toBeLessThanOrEqual(36_000);
    expect(retryDelayMs(3)).toBeGreaterThanOrEqual(96_000);
    expect(retryDelayMs(30)).toBeLessThanOrEqual(4_320_000);
    expect(retryDelayMs(1, 600_000)).toBe(600_000);
  });
});
