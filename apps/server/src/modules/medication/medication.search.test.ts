import { describe, expect, it } from 'vitest';
import { MEDICINES } from './medicine-list.ts';
import { searchMedicines } from './medication.search.ts';

describe('the seeded medicine list', () => {
  it('holds at least 200 medicines, each with a Korean name, ingredient, form and strength, names unique', () => {
    expect(MEDICINES.length).toBeGreaterThanOrEqual(200);
    for (const m of MEDICINES) {
      expect(m.name).toMatch(/[가-힣]/);
      expect(m.ingredient).not.toBe('');
      expect(m.strength).not.toBe('');
    }
    expect(new Set(MEDICINES.map((m) => m.name)).size).toBe(MEDICINES.length);
    expect(new Set(MEDICINES.map((m) => m.code)).size).toBe(MEDICINES.length);
  });
});

describe('searching medicines', () => {
  const names = (q: string) => searchMedicines(q).map((m) => m.name);

  it('finds by the full Korean name, spacing ignored', () => {
    expect(names('타이레놀정 500밀리그람')[0]).toBe('타이레놀정500밀리그람');
  });

  it('finds by part of a word, names starting with it first', () => {
    const found = names('레놀');
    expect(found).toContain('타이레놀정500밀리그람');
    expect(found).toContain('타이레놀8시간이알서방정');
    const starts = names('아마릴');
    expect(starts.slice(0, 3).every((n) => n.startsWith('아마릴'))).toBe(true);
  });

  it('finds by 초성', () => {
    expect(names('ㅌㅇㄹㄴ')).toContain('타이레놀정500밀리그람');
    expect(names('ㄴㅂㅅㅋ')).toEqual(
      expect.arrayContaining(['노바스크정5밀리그램', '노바스크정10밀리그램']),
    );
    expect(names('ㄴㅂㅅㅋ').every((n) => n.startsWith('노바스크'))).toBe(true);
  });

  it('finds by ingredient, after the names that match', () => {
    const found = names('메트포르민');
    expect(found).toContain('다이아벡스정500밀리그램');
    expect(found).toContain('자누메트정50/500밀리그램');
  });

  it('answers nothing for an unknown or empty query, and at most 20', () => {
    expect(names('존재하지않는약')).toEqual([]);
    expect(names('   ')).toEqual([]);
    expect(searchMedicines('정').length).toBe(20);
  });
});
