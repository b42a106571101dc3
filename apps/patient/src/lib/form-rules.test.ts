import { LOGIN_ID_PATTERN, PASSWORD_PATTERN } from '@smartcare/contract/account-rules';
import { describe, expect, it } from 'vitest';
import { LOGIN_ID_LENGTH, PASSWORD_LENGTH } from './form-rules';

/**
 * The form names the length bounds before the character rules; the server only knows the
 * contract's patterns. Both must accept exactly the same lengths.
 */
describe('the form’s length bounds', () => {
  it('are the login-id pattern’s', () => {
    const ok = (n: number) => LOGIN_ID_PATTERN.test('a'.repeat(n));
    expect(ok(LOGIN_ID_LENGTH.min - 1)).toBe(false);
    expect(ok(LOGIN_ID_LENGTH.min)).toBe(true);
    expect(ok(LOGIN_ID_LENGTH.max)).toBe(true);
    expect(ok(LOGIN_ID_LENGTH.max + 1)).toBe(false);
  });

  it('are the password pattern’s', () => {
    const ok = (n: number) => PASSWORD_PATTERN.test(`Aa1!${'x'.repeat(n - 4)}`);
    expect(ok(PASSWORD_LENGTH.min - 1)).toBe(false);
    expect(ok(PASSWORD_LENGTH.min)).toBe(true);
    expect(ok(PASSWORD_LENGTH.max)).toBe(true);
    expect(ok(PASSWORD_LENGTH.max + 1)).toBe(false);
  });
});
