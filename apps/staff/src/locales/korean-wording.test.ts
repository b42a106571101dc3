import { describe, expect, it } from 'vitest';
import { krKO } from './kr-KO';

function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

describe('Korean wording of the console (issue 10 point 9)', () => {
  it('never leaves the particle to the reader ("을(를)", "이(가)" …)', () => {
    const both = /(을\(를\)|를\(을\)|이\(가\)|가\(이\)|은\(는\)|는\(은\)|과\(와\)|와\(과\)|\(으\)로)/;
    expect(strings(krKO).filter((text) => both.test(text))).toEqual([]);
  });
});
