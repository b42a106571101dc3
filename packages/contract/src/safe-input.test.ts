import { describe, expect, it } from 'vitest';
import { calendarDate, INT4_MAX, int4Id, int4Query, safeText } from './safe-input.ts';

describe('input helpers for values the database must hold', () => {
  it('safeText refuses NUL anywhere and keeps other text', () => {
    expect(safeText().safeParse('김\u0000환자').success).toBe(false);
    expect(safeText().safeParse('\u0000').success).toBe(false);
    expect(safeText().safeParse('김환자 \u0001\t').success).toBe(true);
  });

  it('int4Id takes 1 … 2^31−1 only', () => {
    expect(int4Id().safeParse(INT4_MAX).success).toBe(true);
    expect(int4Id().safeParse(INT4_MAX + 1).success).toBe(false);
    expect(int4Id().safeParse(0).success).toBe(false);
    expect(int4Query().safeParse('2147483648').success).toBe(false);
    expect(int4Query().safeParse('-2147483648').success).toBe(true);
  });

  it('calendarDate takes days that exist only', () => {
    for (const day of ['2024-02-29', '2026-12-31', '0001-01-01', '0099-03-01'])
      expect(calendarDate().safeParse(day).success, day).toBe(true);
    for (const day of ['2024-02-30', '2023-02-29', '0000-00-00', '2026-13-01', '2026-04-31', '2026-1-1'])
      expect(calendarDate().safeParse(day).success, day).toBe(false);
  });
});
