import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import { publishDefaultTerms } from '../../db/seed-demo.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { api, createPatient, createStaff, loginPatient, loginStaff } from '../../testing/factories.ts';

/** Every write call, with the field names its schema knows, so generated bodies hit real fields too. */
const WRITE_CALLS = [
  { method: 'POST', path: apiPaths.patient.login, fields: ['loginId', 'password'] },
  { method: 'POST', path: apiPaths.patient.iosLogin, fields: ['loginId', 'password'] },
  { method: 'POST', path: apiPaths.patient.refresh, fields: [] },
  {
    method: 'PUT',
    path: apiPaths.patient.updateMyData,
    fields: ['name', 'description', 'birthDate', 'sex', 'phone', 'email', 'choseHospitalIdx', 'ward', 'bed'],
  },
  {
    method: 'PUT',
    path: apiPaths.patient.updateBodyInfo,
    fields: [
      'heightCm',
      'weightKg',
      'bloodType',
      'allergies',
      'chronicConditions',
      'medications',
      'emergencyContactName',
      'emergencyContactPhone',
    ],
  },
  { method: 'PUT', path: apiPaths.patient.updateFcmToken, fields: ['fcmToken', 'platform'] },
  {
    method: 'PUT',
    path: apiPaths.patient.alarmUpdate,
    fields: ['chat', 'nurseCall', 'marketing', 'quietHoursEnabled', 'quietHoursStart', 'quietHoursEnd'],
  },
  { method: 'PUT', path: apiPaths.patient.updateConsents, fields: ['consents'] },
  { method: 'DELETE', path: apiPaths.patient.deleteRequest, fields: ['reason'] },
  { method: 'POST', path: apiPaths.patient.cancelDeleteRequest, fields: [] },
  { method: 'DELETE', path: apiPaths.patient.delete, fields: ['password'] },
  {
    method: 'POST',
    path: apiPaths.patient.signUp,
    fields: ['loginId', 'name', 'email', 'password', 'passwordConfirm', 'area', 'agreedTermsCodes'],
  },
  { method: 'POST', path: apiPaths.patient.requestPasswordReset, fields: ['loginId', 'email'] },
  {
    method: 'POST',
    path: apiPaths.patient.resetPassword,
    fields: ['loginId', 'verificationCode', 'newPassword', 'newPasswordConfirm'],
  },
  { method: 'POST', path: apiPaths.staff.login, fields: ['loginId', 'password'] },
  { method: 'POST', path: apiPaths.staff.refresh, fields: [] },
] as const;

/** Values that have broken servers before: wrong types, huge numbers, SQL and prototype tricks. */
const nastyValue = fc.oneof(
  fc.anything({ maxDepth: 2 }),
  fc.constantFrom(
    "' OR 1=1 --",
    '"; DROP TABLE patients; --',
    '__proto__',
    '\u0000',
    '9'.repeat(40),
    '1e309',
    '-1',
    '2026-02-30',
    '25:99',
    'NaN',
  ),
  fc.double(),
  fc.bigInt().map(String),
  fc.string({ unit: 'binary', maxLength: 300 }),
);

interface RawBody {
  raw: string;
  contentType?: string;
}

const body = (fields: readonly string[]): fc.Arbitrary<RawBody> =>
  fc.oneof<fc.Arbitrary<RawBody>[]>(
    fc
      .record(Object.fromEntries([...fields, '__proto__', 'idx', 'patientIdx'].map((f) => [f, nastyValue])), {
        requiredKeys: [],
      })
      .map((v) => ({ raw: JSON.stringify(v) })),
    fc.jsonValue({ maxDepth: 3 }).map((v) => ({ raw: JSON.stringify(v) })),
    fc.string({ maxLength: 200 }).map((raw) => ({ raw })),
    fc
      .constantFrom(
        '{',
        '{"a":',
        '[]',
        'null',
        '""',
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{}}}',
      )
      .map((raw) => ({ raw })),
    fc.string({ maxLength: 100 }).map((raw) => ({ raw, contentType: 'text/plain' })),
  );

describe('random and malformed bodies at every write call', () => {
  let t: TestApp;
  let patientToken: string;
  let patientIdx: number;
  let headers: Record<string, string>;

  beforeAll(async () => {
    t = await buildTestApp();
    await publishDefaultTerms(t.app.db);
    const patient = await createPatient(t.app.db, { name: '퍼즈환자' });
    patientIdx = patient.idx;
    const pair = await loginPatient(t.baseUrl, patient);
    patientToken = pair.accessToken;
    const staffPair = await loginStaff(t.baseUrl, await createStaff(t.app.db));
    headers = { AccessToken: staffPair.accessToken, RefreshToken: 'not-a-real-one' };
    // Lazily created rows exist before the snapshots start.
    await api(t.baseUrl).get(apiPaths.patient.getMyData, { token: patientToken });
  });
  afterAll(() => t.close());

  /** Everything a write call could touch, in one round trip. */
  const SNAPSHOT = `SELECT json_build_array(${[
    'patients',
    'body_info',
    'alarm_settings',
    'push_tokens',
    'consents',
    'deletion_requests',
    'password_reset_codes',
    'staff_users',
    'hospitals',
  ]
    .map((table) => `(SELECT json_agg(t ORDER BY 1) FROM ${table} t)`)
    .join(
      ', ',
    )}, (SELECT json_agg(json_build_array(idx, rotated_at, revoked_at) ORDER BY idx) FROM refresh_tokens))::text AS snapshot`;
  const snapshot = async () => (await t.app.db.one<{ snapshot: string }>(SNAPSHOT)).snapshot;

  it('never answers 500, always answers the envelope, and a refused request writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...WRITE_CALLS).chain((call) => fc.tuple(fc.constant(call), body(call.fields))),
        fc.context(),
        async ([call, sample], ctx) => {
          const before = await snapshot();
          const response = await api(t.baseUrl).call(call.method, call.path, {
            token: patientToken,
            rawBody: sample.raw,
            headers: { ...headers, ...(sample.contentType ? { 'content-type': sample.contentType } : {}) },
          });
          ctx.log(
            `${call.method} ${call.path} ${sample.raw.slice(0, 200)} → ${response.status} ${response.code}`,
          );
          expect(response.status).toBeLessThan(500);
          expect(typeof response.code).toBe('number');
          expect(typeof response.description).toBe('string');
          if (response.code !== ResultCode.SUCCESS) expect(await snapshot()).toBe(before);
        },
      ),
      { numRuns: 200 },
    );
    // The patient is still there and still theirs.
    const profile = await api(t.baseUrl).get<{ idx: number }>(apiPaths.patient.getPatient, {
      token: patientToken,
    });
    expect(profile.data!.idx).toBe(patientIdx);
  });
});
