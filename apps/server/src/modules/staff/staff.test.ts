import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import type { StaffProfile } from '@smartcare/contract/staff';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { api, createHospital, createStaff, loginStaff } from '../../testing/factories.ts';

describe('staff sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ config: { loginLockThreshold: 2 } });
  });
  afterAll(() => t.close());

  it('a nurse signs in and sees their hospital and role', async () => {
    const hospital = await createHospital(t.app.db, { name: '스마트병원 서울본원' });
    const nurse = await createStaff(t.app.db, { hospitalIdx: hospital.idx, role: 'NURSE', name: '이간호' });
    const pair = await loginStaff(t.baseUrl, nurse);
    const me = await api(t.baseUrl).get<StaffProfile>(apiPaths.staff.getMyData, { token: pair.accessToken });
    expect(me.data).toEqual({
      idx: nurse.idx,
      loginId: nurse.loginId,
      name: '이간호',
      role: 'NURSE',
      hospitalIdx: hospital.idx,
      hospitalName: '스마트병원 서울본원',
    });
  });

  it('wrong passwords are BAD_CREDENTIALS, then the account locks', async () => {
    const staff = await createStaff(t.app.db);
    const wrong = { loginId: staff.loginId, password: 'nope-Nope1' };
    expect((await api(t.baseUrl).post(apiPaths.staff.login, { body: wrong })).code).toBe(
      ResultCode.BAD_CREDENTIALS,
    );
    expect((await api(t.baseUrl).post(apiPaths.staff.login, { body: wrong })).code).toBe(
      ResultCode.ACCOUNT_LOCKED,
    );
    const right = await api(t.baseUrl).post(apiPaths.staff.login, {
      body: { loginId: staff.loginId, password: staff.password },
    });
    expect(right.code).toBe(ResultCode.ACCOUNT_LOCKED);
  });

  it('an unknown staff id locks and answers exactly like a real one, so guesses reveal no accounts', async () => {
    const staff = await createStaff(t.app.db);
    const answers = async (loginId: string) => {
      const seen: { status: number; code: number }[] = [];
      for (let i = 0; i < 3; i++) {
        const r = await api(t.baseUrl).post(apiPaths.staff.login, {
          body: { loginId, password: 'nope-Nope1' },
        });
        seen.push({ status: r.status, code: r.code });
      }
      return seen;
    };
    const known = await answers(staff.loginId);
    const unknown = await answers('nobody-here');
    expect(unknown).toEqual(known);
    expect(known.map((a) => a.code)).toEqual([
      ResultCode.BAD_CREDENTIALS,
      ResultCode.ACCOUNT_LOCKED,
      ResultCode.ACCOUNT_LOCKED,
    ]);
    // A patient with the same login id is counted apart: the principals do not share a lock.
    const patientSide = await api(t.baseUrl).post(apiPaths.patient.login, {
      body: { loginId: 'nobody-here', password: 'nope-Nope1' },
    });
    expect(patientSide.code).toBe(ResultCode.BAD_CREDENTIALS);
  });

  it('a deactivated staff account can neither log in nor refresh', async () => {
    const staff = await createStaff(t.app.db);
    const pair = await loginStaff(t.baseUrl, staff);
    await t.app.db.query('UPDATE staff_users SET active = false WHERE idx = $1', [staff.idx]);
    expect(
      (
        await api(t.baseUrl).post(apiPaths.staff.login, {
          body: { loginId: staff.loginId, password: staff.password },
        })
      ).code,
    ).toBe(ResultCode.BAD_CREDENTIALS);
    const refresh = await api(t.baseUrl).post(apiPaths.staff.refresh, {
      headers: { AccessToken: pair.accessToken, RefreshToken: pair.refreshToken },
    });
    expect(refresh.code).toBe(ResultCode.REFRESH_FAILED);
    expect((await api(t.baseUrl).get(apiPaths.staff.getMyData, { token: pair.accessToken })).code).toBe(
      ResultCode.NOT_LOGGED_IN,
    );
  });

  it('validates the login body', async () => {
    const response = await api(t.baseUrl).post(apiPaths.staff.login, { body: { loginId: 'x' } });
    expect(response.status).toBe(400);
    expect(response.code).toBe(ResultCode.VALIDATION_FAILED);
  });
});
