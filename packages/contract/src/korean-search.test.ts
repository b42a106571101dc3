import { describe, expect, it } from 'vitest';
import { choseongKey, isChoseongQuery, jamoTrigrams, matchRanges, searchKey } from './korean-search.ts';

describe('Korean search keys', () => {
  it('ignores spacing, punctuation and case', () => {
    expect(searchKey('입원 안내')).toBe(searchKey('입원안내'));
    expect(searchKey('MRI·CT 검사!')).toBe('mrict검사');
  });

  it('takes the 초성 of Hangul and knows a 초성 query', () => {
    expect(choseongKey('주차 요금')).toBe('ㅈㅊㅇㄱ');
    expect(isChoseongQuery('ㅈㅊ')).toBe(true);
    expect(isChoseongQuery('ㅈ차')).toBe(false);
    expect(isChoseongQuery('주차')).toBe(false);
  });

  it('makes jamo trigrams that survive one mistyped letter', () => {
    const typed = jamoTrigrams('면회시산');
    const meant = new Set(jamoTrigrams('면회시간'));
    const shared = typed.filter((g) => meant.has(g)).length / typed.length;
    expect(shared).toBeGreaterThanOrEqual(0.6);
    expect(jamoTrigrams('가')).toEqual(['ㄱㅏ']);
    expect(jamoTrigrams('')).toEqual([]);
  });

  it('finds where a query is in a text, across spaces and by 초성', () => {
    expect(matchRanges('주차장 이용 안내', '주차')).toEqual([[0, 2]]);
    expect(matchRanges('입원 안내 및 입원안내', '입원안내')).toEqual([
      [0, 5],
      [8, 12],
    ]);
    expect(matchRanges('본관 주차장', 'ㅈㅊ')).toEqual([[3, 5]]);
    expect(matchRanges('MRI 검사', 'mri')).toEqual([[0, 3]]);
    expect(matchRanges('면회 안내', '주차')).toEqual([]);
  });
});
