import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import { publishDefaultTerms } from '../../db/seed-demo.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import {
  api,
  createPatient,
  createStaff,
  loginPatient,
  loginStaff,
  TEST_PASSWORD,
} from '../../testing/factories.ts';

/** One past PostgreSQL's `integer` (int4): every id column is one. */
const INT4_OVERFLOW = 2 ** 31;

interface Case {
  name: string;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  path: string;
  auth?: 'patient' | 'staff';
  body?: Record<string, unknown>;
  query?: Record<string, string | number>;
}

/**
 * The 18 inputs of issue 10 point 15 that reached the database unchecked and came back as
 * HTTP 500 (NUL is not allowed in PostgreSQL text, ids are int4, dates must exist). Each
 * must now be refused by its schema with the validation code, and change nothing.
 */
const cases: Case[] = [
  // NUL characters in strings
  {
    name: 'login id with NUL',
    method: 'POST',
    path: apiPaths.patient.login,
    body: { loginId: 'de\u0000mo', password: TEST_PASSWORD },
  },
  {
    name: 'iOS login id with NUL',
    method: 'POST',
    path: apiPaths.patient.iosLogin,
    body: { loginId: 'de\u0000mo', password: TEST_PASSWORD },
  },
  {
    name: 'staff login id with NUL',
    method: 'POST',
    path: apiPaths.staff.login,
    body: { loginId: 'nu\u0000rse', password: TEST_PASSWORD },
  },
  {
    name: 'name with NUL',
    method: 'PUT',
    path: apiPaths.patient.updateMyData,
    auth: 'patient',
    body: { name: '김\u0000환자' },
  },
  {
    name: 'ward with NUL',
    method: 'PUT',
    path: apiPaths.patient.updateMyData,
    auth: 'patient',
    body: { ward: '7\u0000A' },
  },
  {
    name: 'allergies with NUL',
    method: 'PUT',
    path: apiPaths.patient.updateBodyInfo,
    auth: 'patient',
    body: { allergies: '땅콩\u0000' },
  },
  {
    name: 'emergency contact with NUL',
    method: 'PUT',
    path: apiPaths.patient.updateBodyInfo,
    auth: 'patient',
    body: { emergencyContactName: '\u0000' },
  },
  {
    name: 'sign-up name with NUL',
    method: 'POST',
    path: apiPaths.patient.signUp,
    body: {
      loginId: 'nulname',
      name: '김\u0000',
      email: 'nul@example.com',
      password: TEST_PASSWORD,
      passwordConfirm: TEST_PASSWORD,
      agreedTermsCodes: ['SERVICE', 'PRIVACY', 'HEALTH_DATA'],
    },
  },
  {
    name: 'password-reset request with NUL',
    method: 'POST',
    path: apiPaths.patient.requestPasswordReset,
    body: { loginId: 'de\u0000mo', email: 'a@example.com' },
  },
  {
    name: 'password reset with NUL',
    method: 'POST',
    path: apiPaths.patient.resetPassword,
    body: {
      loginId: 'de\u0000mo',
      verificationCode: '123456',
      newPassword: TEST_PASSWORD,
      newPasswordConfirm: TEST_PASSWORD,
    },
  },
  {
    name: 'hospital keyword with NUL',
    method: 'GET',
    path: apiPaths.hospital.getHospitalList,
    auth: 'patient',
    query: { keyword: '병\u0000원' },
  },
  {
    name: 'deletion reason with NUL',
    method: 'DELETE',
    path: apiPaths.patient.deleteRequest,
    auth: 'patient',
    body: { reason: '\u0000' },
  },
  // ids above 2^31-1
  {
    name: 'chat messages roomIdx above int4',
    method: 'GET',
    path: apiPaths.chat.messages,
    auth: 'patient',
    query: { roomIdx: INT4_OVERFLOW, hospitalIdx: 1 },
  },
  {
    name: 'nurse-call acknowledge callIdx above int4',
    method: 'PUT',
    path: apiPaths.nurseCall.acknowledge,
    auth: 'staff',
    body: { callIdx: INT4_OVERFLOW },
  },
  {
    name: 'markRead roomIdx above int4',
    method: 'PUT',
    path: apiPaths.chat.markRead,
    auth: 'staff',
    body: { roomIdx: INT4_OVERFLOW, lastReadMsgIdx: 1 },
  },
  {
    name: 'choseHospitalIdx above int4',
    method: 'PUT',
    path: apiPaths.patient.updateMyData,
    auth: 'patient',
    body: { choseHospitalIdx: INT4_OVERFLOW },
  },
  // impossible dates
  {
    name: 'birth date 2024-02-30',
    method: 'PUT',
    path: apiPaths.patient.updateMyData,
    auth: 'patient',
    body: { birthDate: '2024-02-30' },
  },
  {
    name: 'birth date 0000-00-00',
    method: 'PUT',
    path: apiPaths.patient.updateMyData,
    auth: 'patient',
    body: { birthDate: '0000-00-00' },
  },
];

describe('input the database cannot hold is refused as validation (issue 10 point 15)', () => {
  let t: TestApp;
  const tokens: Record<'patient' | 'staff', string> = { patient: '', staff: '' };

  beforeAll(async () => {
    t = await buildTestApp();
    await publishDefaultTerms(t.app.db);
    tokens.patient = (await loginPatient(t.baseUrl, await createPatient(t.app.db))).accessToken;
    tokens.staff = (await loginStaff(t.baseUrl, await createStaff(t.app.db))).accessToken;
  });
  afterAll(() => t.close());

  it('lists the 18 cases of the issue', () => {
    expect(cases).toHaveLength(18);
  });

  it.each(cases)('$name → 400 validation', async (c) => {
    const response = await api(t.baseUrl).call(c.method, c.path, {
      ...(c.auth ? { token: tokens[c.auth] } : {}),
      ...(c.body ? { body: c.body } : {}),
      ...(c.query ? { query: c.query } : {}),
    });
    expect({ status: response.status, code: response.code }).toEqual({
      status: 400,
      code: ResultCode.VALIDATION_FAILED,
    });
  });
});
