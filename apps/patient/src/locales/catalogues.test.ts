import { describe, expect, it } from 'vitest';
import enUS from './en-US';
import krKO from './kr-KO';
import krKOStart from './kr-KO.start';
import zhCN from './zh-CN';

function keys(catalogue: object, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keys(value as object, `${prefix}${key}.`) : [`${prefix}${key}`],
  );
}

describe('the catalogues (brief §5)', () => {
  // Korean and Chinese never need the en-US fallback today, so a Korean first visit does not
  // fetch it (lib/i18n.ts loads it on the first missing key).
  it('give every key of en-US in Korean and Chinese', () => {
    const english = keys(enUS).sort();
    expect(keys(krKO).sort()).toEqual(english);
    expect(keys(zhCN).sort()).toEqual(english);
  });

  it('keep the first screens’ Korean a part of the whole Korean catalogue', () => {
    const whole = new Set(keys(krKO));
    expect(keys(krKOStart).filter((key) => !whole.has(key))).toEqual([]);
  });
});
