import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, apiPaths } from '@smartcare/contract/api-paths';
import type { TokenPair } from '@smartcare/contract/auth';
import { ResultCode } from '@smartcare/contract/result-codes';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { api, createPatient, createStaff, type CreatedAccount } from '../../testing/factories.ts';
import { DEVICE_COOKIE_MAX_AGE_S, deviceCookieName } from './device-cookie.ts';

const WRONG = 'wrong-Pass1!';

/**
 * Issue 10 point 14 / decision 013: five wrong passwords from anyone used to lock the owner
 * out for 15 minutes. Now a device that logged in before keeps its own allowance.
 */
describe('login throttling without locking the owner out', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { loginLockThreshold: 5, loginLockSeconds: 900 } });
  });
  afterAll(() => t.close());

  /** A login from a client that keeps cookies in `jar` (name → value), as a browser would. */
  async function login(
    path: string,
    account: { loginId: string; password: string },
    jar?: Map<string, string>,
  ) {
    const cookie = jar && [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await api(t.baseUrl).post<TokenPair>(path, {
      body: { loginId: account.loginId, password: account.password },
      ...(cookie ? { headers: { cookie } } : {}),
    });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      jar?.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return response;
  }
  const retryAfter = (response: { data: unknown }) =>
    (response.data as { retryAfterSeconds: number }).retryAfterSeconds;
  const lockOutUntrusted = async (path: string, account: CreatedAccount) => {
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await login(path, { ...account, password: WRONG })).code);
    expect(codes).toEqual([...Array(4).fill(ResultCode.BAD_CREDENTIALS), ResultCode.ACCOUNT_LOCKED]);
  };

  it('an attacker’s wrong passwords lock untrusted clients, never the owner’s own device', async () => {
    const owner = await createPatient(t.app.db);
    const phone = new Map<string, string>();
    expect((await login(apiPaths.patient.login, owner, phone)).code).toBe(ResultCode.SUCCESS);
    expect(phone.size).toBe(1);

    await lockOutUntrusted(apiPaths.patient.login, owner);
    // Even the right password from an untrusted client waits out the lock …
    expect((await login(apiPaths.patient.login, owner)).code).toBe(ResultCode.ACCOUNT_LOCKED);
    // … but the owner's phone logs in, on both patient login calls.
    expect((await login(apiPaths.patient.login, owner, phone)).code).toBe(ResultCode.SUCCESS);
    expect((await login(apiPaths.patient.iosLogin, owner, phone)).code).toBe(ResultCode.SUCCESS);
    // And its success does not hand the attacker a fresh allowance.
    expect((await login(apiPaths.patient.login, { ...owner, password: WRONG })).code).toBe(
      ResultCode.ACCOUNT_LOCKED,
    );
  });

  it('a trusted device has an allowance of its own: its failures lock only that device', async () => {
    const owner = await createPatient(t.app.db);
    const tablet = new Map<string, string>();
    await login(apiPaths.patient.login, owner, tablet);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++)
      codes.push((await login(apiPaths.patient.login, { ...owner, password: WRONG }, tablet)).code);
    expect(codes.at(-1)).toBe(ResultCode.ACCOUNT_LOCKED);
    expect((await login(apiPaths.patient.login, owner, tablet)).code).toBe(ResultCode.ACCOUNT_LOCKED);
    // The id itself is not locked: the owner on another device gets in.
    expect((await login(apiPaths.patient.login, owner)).code).toBe(ResultCode.SUCCESS);
  });

  it('a cookie of another login id, or a forged one, makes an untrusted client', async () => {
    const mine = await createPatient(t.app.db);
    const victim = await createPatient(t.app.db);
    const jar = new Map<string, string>();
    await login(apiPaths.patient.login, mine, jar);
    const [myValue] = [...jar.values()];
    await lockOutUntrusted(apiPaths.patient.login, victim);

    // The victim's cookie name with my (validly signed) value: bound to my id, so refused.
    const victimJar = new Map<string, string>();
    await login(apiPaths.patient.login, victim, victimJar); // locked: sets nothing
    expect(victimJar.size).toBe(0);
    const borrowed = new Map([[deviceCookieName('patient', victim.loginId), myValue!]]);
    expect((await login(apiPaths.patient.login, victim, borrowed)).code).toBe(ResultCode.ACCOUNT_LOCKED);
    const forged = new Map([
      [deviceCookieName('patient', victim.loginId), `${'A'.repeat(22)}.${'B'.repeat(43)}`],
    ]);
    expect((await login(apiPaths.patient.login, victim, forged)).code).toBe(ResultCode.ACCOUNT_LOCKED);
  });

  it('the cookie is HttpOnly, SameSite=Strict, scoped to the login calls and kept half a year', async () => {
    const patient = await createPatient(t.app.db);
    const response = await login(apiPaths.patient.login, patient);
    const [line] = response.headers.getSetCookie();
    expect(line).toMatch(/^sc_dev_p_[A-Za-z0-9_-]{16}=[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}; /);
    expect(line).toContain(`; Path=${API_PREFIX}/patient/;`);
    expect(line).toContain(`; Max-Age=${DEVICE_COOKIE_MAX_AGE_S};`);
    expect(line).toMatch(/; HttpOnly; SameSite=Strict$/);
    // A failed login sets none.
    const failed = await login(apiPaths.patient.login, { ...patient, password: WRONG });
    expect(failed.headers.getSetCookie()).toEqual([]);
  });

  it('each further lock of an id by untrusted clients lasts twice as long (progressive)', async () => {
    const patient = await createPatient(t.app.db);
    await lockOutUntrusted(apiPaths.patient.login, patient);
    const first = await login(apiPaths.patient.login, { ...patient, password: WRONG });
    expect(retryAfter(first)).toBeGreaterThan(890);
    expect(retryAfter(first)).toBeLessThanOrEqual(900);
    // The first lock runs out; the guessing goes on.
    await t.app.db.query(
      `UPDATE login_failures SET locked_until = now() - interval '1 second' WHERE login_id = $1`,
      [patient.loginId],
    );
    await lockOutUntrusted(apiPaths.patient.login, patient);
    const second = await login(apiPaths.patient.login, { ...patient, password: WRONG });
    expect(retryAfter(second)).toBeGreaterThan(1790);
    expect(retryAfter(second)).toBeLessThanOrEqual(1800);
  });

  it('the staff console’s login follows the same rules', async () => {
    const nurse = await createStaff(t.app.db);
    const wardPc = new Map<string, string>();
    expect((await login(apiPaths.staff.login, nurse, wardPc)).code).toBe(ResultCode.SUCCESS);
    await lockOutUntrusted(apiPaths.staff.login, nurse);
    expect((await login(apiPaths.staff.login, nurse)).code).toBe(ResultCode.ACCOUNT_LOCKED);
    expect((await login(apiPaths.staff.login, nurse, wardPc)).code).toBe(ResultCode.SUCCESS);
    const [line] = (await login(apiPaths.staff.login, nurse, wardPc)).headers.getSetCookie();
    expect(line).toContain(`; Path=${API_PREFIX}${apiPaths.staff.login};`);
  });
});
