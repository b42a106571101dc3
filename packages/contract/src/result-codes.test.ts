import { describe, expect, it } from 'vitest';
import {
  APP_LOCALES,
  ResultCode,
  resolveLocale,
  resultCodeName,
  resultDescriptions,
} from './result-codes.ts';

describe('result codes', () => {
  it('keeps the two codes the spec fixes (§8)', () => {
    expect(ResultCode.TOKEN_EXPIRED).toBe(30002003);
    expect(ResultCode.NOT_LOGGED_IN).toBe(30002007);
    expect(resultDescriptions['kr-KO'].NOT_LOGGED_IN).toBe('로그인 후 이용 부탁드립니다');
  });

  it('gives every failure its own 8-digit code', () => {
    const failures = Object.values(ResultCode).filter((code) => code !== 0);
    expect(new Set(failures).size).toBe(failures.length);
    for (const code of failures) expect(String(code)).toMatch(/^\d{8}$/);
    expect(resultCodeName(30002003)).toBe('TOKEN_EXPIRED');
    // Retired (a separate "token invalid"): an old client must never read a new meaning into it.
    expect(resultCodeName(30002002)).toBeUndefined();
  });

  it('describes every code in every app language', () => {
    for (const locale of APP_LOCALES) {
      for (const name of Object.keys(ResultCode)) {
        expect(resultDescriptions[locale][name as keyof typeof ResultCode]).toBeTruthy();
      }
    }
  });

  it('reads Accept-Language, Korean when nothing fits', () => {
    expect(resolveLocale('en-GB,en;q=0.9')).toBe('en-US');
    expect(resolveLocale('zh-TW')).toBe('zh-CN');
    expect(resolveLocale('ko-KR')).toBe('kr-KO');
    expect(resolveLocale('fr-FR')).toBe('kr-KO');
    expect(resolveLocale(undefined)).toBe('kr-KO');
  });
});
