import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import { publishDefaultTerms } from '../../db/seed-demo.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import {
  api,
  createPatient,
  loginPatient,
  type ApiResponse,
  type CreatedAccount,
} from '../../testing/factories.ts';
import { startSmtpSink } from '../../testing/smtp-sink.ts';

interface Caller {
  patient: CreatedAccount;
  token: string;
  email: string;
}

interface ExpectedEntry {
  actorType: 'patient' | 'system';
  actorIdx: number | null;
  action: string;
  patientIdx: number;
  detail?: Record<string, unknown>;
}

interface AuditCase {
  call: string;
  /** Steps before the call (their own entries are not counted). */
  before?: (caller: Caller) => Promise<void>;
  act: (caller: Caller) => Promise<ApiResponse<unknown>>;
  entry: (caller: Caller, response: ApiResponse<unknown>) => ExpectedEntry;
}

const NEW_PASSWORD = 'Audit-new9';

/**
 * Every read or change of a patient's record leaves exactly one audit entry naming who did
 * what to whose record (issue 2, brief §3), through the real calls.
 */
describe('the audit log, call by call', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await buildTestApp({ config: { smtpUrl: smtp.url } });
    await publishDefaultTerms(t.app.db);
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const call = () => api(t.baseUrl);
  const asPatient = (caller: Caller, action: string, detail?: Record<string, unknown>): ExpectedEntry => ({
    actorType: 'patient',
    actorIdx: caller.patient.idx,
    action,
    patientIdx: caller.patient.idx,
    ...(detail ? { detail } : {}),
  });
  /** The code from the last reset e-mail to this address (8-bit or base64 body). */
  const lastCodeFor = (email: string): string => {
    const raw = smtp.mails.findLast((mail) => mail.to.includes(email))?.raw ?? '';
    const plain = /인증번호: (\d{6})/.exec(raw.replace(/=\r?\n/g, ''))?.[1];
    const [, body = ''] = raw.split(/\r?\n\r?\n/);
    const decoded = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    return plain ?? /인증번호: (\d{6})/.exec(decoded)?.[1] ?? '';
  };

  const cases: AuditCase[] = [
    {
      call: 'login',
      act: ({ patient }) =>
        call().post(apiPaths.patient.login, {
          body: { loginId: patient.loginId, password: patient.password },
        }),
      entry: (caller) => asPatient(caller, 'patient.login'),
    },
    {
      call: 'iosLogin',
      act: ({ patient }) =>
        call().post(apiPaths.patient.iosLogin, {
          body: { loginId: patient.loginId, password: patient.password },
        }),
      entry: (caller) => asPatient(caller, 'patient.login'),
    },
    {
      call: 'logout',
      act: ({ token }) => call().post(apiPaths.patient.logout, { token }),
      entry: (caller) => asPatient(caller, 'patient.logout'),
    },
    {
      call: 'getPatient',
      act: ({ token }) => call().get(apiPaths.patient.getPatient, { token }),
      entry: (caller) => asPatient(caller, 'patient.read', { part: 'profile' }),
    },
    {
      call: 'getMyData',
      act: ({ token }) => call().get(apiPaths.patient.getMyData, { token }),
      entry: (caller) => asPatient(caller, 'patient.read', { part: 'myData' }),
    },
    {
      call: 'updateMyData',
      act: ({ token }) => call().put(apiPaths.patient.updateMyData, { token, body: { name: '감사환자' } }),
      entry: (caller) => asPatient(caller, 'patient.update', { part: 'profile' }),
    },
    {
      call: 'updateBodyInfo',
      act: ({ token }) => call().put(apiPaths.patient.updateBodyInfo, { token, body: { weightKg: 61.5 } }),
      entry: (caller) => asPatient(caller, 'patient.update', { part: 'bodyInfo' }),
    },
    {
      call: 'updateFcmToken',
      act: ({ token }) =>
        call().put(apiPaths.patient.updateFcmToken, { token, body: { fcmToken: 'audit-device' } }),
      entry: (caller) => asPatient(caller, 'patient.update', { part: 'pushToken' }),
    },
    {
      call: 'alarmUpdate',
      act: ({ token }) => call().put(apiPaths.patient.alarmUpdate, { token, body: { marketing: true } }),
      entry: (caller) => asPatient(caller, 'patient.update', { part: 'alarmSettings' }),
    },
    {
      call: 'getConsents',
      act: ({ token }) => call().get(apiPaths.patient.getConsents, { token }),
      entry: (caller) => asPatient(caller, 'patient.read', { part: 'consents' }),
    },
    {
      call: 'updateConsents',
      act: ({ token }) =>
        call().put(apiPaths.patient.updateConsents, {
          token,
          body: { consents: [{ termsCode: 'MARKETING', agreed: true }] },
        }),
      entry: (caller) => asPatient(caller, 'consent.update', { answers: ['MARKETING:true'] }),
    },
    {
      call: 'deleteRequest',
      act: ({ token }) => call().delete(apiPaths.patient.deleteRequest, { token }),
      entry: (caller) => asPatient(caller, 'patient.deleteRequest'),
    },
    {
      call: 'cancelDeleteRequest',
      before: async ({ token }) => {
        await call().delete(apiPaths.patient.deleteRequest, { token });
      },
      act: ({ token }) => call().post(apiPaths.patient.cancelDeleteRequest, { token }),
      entry: (caller) => asPatient(caller, 'patient.cancelDeleteRequest'),
    },
    {
      call: 'delete',
      act: ({ token, patient }) =>
        call().delete(apiPaths.patient.delete, { token, body: { password: patient.password } }),
      entry: (caller) => asPatient(caller, 'patient.delete', { how: 'immediate' }),
    },
    {
      call: 'signUp',
      act: ({ patient }) =>
        call().post(apiPaths.patient.signUp, {
          body: {
            loginId: `new${patient.loginId.slice(-8)}`,
            name: '새환자',
            email: `new-${patient.idx}@example.com`,
            password: NEW_PASSWORD,
            passwordConfirm: NEW_PASSWORD,
            agreedTermsCodes: ['SERVICE', 'PRIVACY', 'HEALTH_DATA'],
          },
        }),
      entry: (_caller, response) => {
        const created = (response.data as { idx: number }).idx;
        return { actorType: 'patient', actorIdx: created, action: 'patient.signUp', patientIdx: created };
      },
    },
    {
      call: 'requestPasswordReset',
      act: ({ patient, email }) =>
        call().post(apiPaths.patient.requestPasswordReset, { body: { loginId: patient.loginId, email } }),
      // Nobody is signed in: the system acts on the record's behalf.
      entry: ({ patient }) => ({
        actorType: 'system',
        actorIdx: null,
        action: 'patient.passwordResetRequested',
        patientIdx: patient.idx,
      }),
    },
    {
      call: 'resetPassword',
      before: async ({ patient, email }) => {
        await call().post(apiPaths.patient.requestPasswordReset, {
          body: { loginId: patient.loginId, email },
        });
        // The mail leaves after the answer (it must not tell whether the account exists).
        await vi.waitFor(() => expect(smtp.mails.some((mail) => mail.to.includes(email))).toBe(true));
      },
      act: ({ patient, email }) =>
        call().post(apiPaths.patient.resetPassword, {
          body: {
            loginId: patient.loginId,
            verificationCode: lastCodeFor(email),
            newPassword: NEW_PASSWORD,
            newPasswordConfirm: NEW_PASSWORD,
          },
        }),
      entry: (caller) => asPatient(caller, 'patient.passwordReset'),
    },
  ];

  const lastIdx = async () =>
    (await t.app.db.one<{ idx: number }>('SELECT coalesce(max(idx), 0) AS idx FROM audit_log')).idx;

  for (const auditCase of cases) {
    it(`${auditCase.call} writes exactly one entry with its actor, action and record`, async () => {
      const email = `audit-${Math.random().toString(36).slice(2, 10)}@example.com`;
      const patient = await createPatient(t.app.db, { email });
      const caller: Caller = { patient, email, token: (await loginPatient(t.baseUrl, patient)).accessToken };
      await auditCase.before?.(caller);
      await t.app.audit.flush();
      const mark = await lastIdx();

      const response = await auditCase.act(caller);
      expect(response.code, response.description).toBe(ResultCode.SUCCESS);
      await t.app.audit.flush();

      const entries = await t.app.db.query<Record<string, unknown>>(
        `SELECT actor_type AS "actorType", actor_idx AS "actorIdx", action, patient_idx AS "patientIdx", detail
           FROM audit_log WHERE idx > $1 ORDER BY idx`,
        [mark],
      );
      const { detail, ...who } = auditCase.entry(caller, response);
      expect(entries.rows).toHaveLength(1);
      expect(entries.rows[0]).toMatchObject(who);
      if (detail) expect(entries.rows[0]!.detail).toMatchObject(detail);
    });
  }

  it('covers every patient call that reads or changes a record', () => {
    const covered = new Set(cases.map((c) => c.call));
    // A refresh reads no record: it checks the token's family only.
    const notRecords = new Set(['refresh']);
    for (const name of Object.keys(apiPaths.patient)) {
      if (!notRecords.has(name)) expect(covered, name).toContain(name);
    }
  });
});
