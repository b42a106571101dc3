import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import * as passwords from '../../lib/passwords.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { api, createPatient, TEST_PASSWORD } from '../../testing/factories.ts';

// The real argon2id hashing, watched: the project does not time tests, so the test checks
// that an unknown id does the same (slow) work as a known one instead of measuring it.
vi.mock('../../lib/passwords.ts', async (importOriginal) => {
  const real = await importOriginal<typeof passwords>();
  return { ...real, hashPassword: vi.fn(real.hashPassword) };
});

describe('resetPassword does the same work for unknown ids (issue 10 point 17)', () => {
  let t: TestApp;
  let knownLoginId: string;
  const hashPassword = vi.mocked(passwords.hashPassword);
  const reset = (loginId: string) =>
    api(t.baseUrl).post(apiPaths.patient.resetPassword, {
      body: {
        loginId,
        verificationCode: '000000',
        newPassword: 'New-pass12',
        newPasswordConfirm: 'New-pass12',
      },
    });

  beforeAll(async () => {
    t = await buildTestApp();
    const patient = await createPatient(t.app.db, {
      email: 'same-work@example.com',
      password: TEST_PASSWORD,
    });
    knownLoginId = patient.loginId;
    await api(t.baseUrl).post(apiPaths.patient.requestPasswordReset, {
      body: { loginId: knownLoginId, email: 'same-work@example.com' },
    });
  });
  afterAll(() => t.close());
  // A function returned from beforeEach is a cleanup hook: mockClear returns the mock.
  beforeEach(() => {
    hashPassword.mockClear();
  });

  it('hashes the new password for an unknown id, as for a known one with a wrong code', async () => {
    const known = await reset(knownLoginId);
    expect(known.code).toBe(ResultCode.VERIFICATION_CODE_INVALID);
    expect(hashPassword.mock.calls.map((call) => call[0])).toEqual(['New-pass12']);

    hashPassword.mockClear();
    const unknown = await reset('no-such-patient');
    expect(unknown.code).toBe(ResultCode.VERIFICATION_CODE_INVALID);
    expect({ status: unknown.status, description: unknown.description }).toEqual({
      status: known.status,
      description: known.description,
    });
    expect(hashPassword.mock.calls.map((call) => call[0])).toEqual(['New-pass12']);
  });
});
