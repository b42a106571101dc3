import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { captureLog } from '../testing/log-capture.ts';
import { api, createPatient } from '../testing/factories.ts';
import { smtpUrlWithTimeouts } from './mailer.plugin.ts';

/** Asks for a reset code with no SMTP_URL set; returns the log and the code's stored hash. */
async function resetWithoutSmtp(t: TestApp) {
  const patient = await createPatient(t.app.db, { email: 'dev-mail@example.com' });
  const response = await api(t.baseUrl).post(apiPaths.patient.requestPasswordReset, {
    body: { loginId: patient.loginId, email: 'dev-mail@example.com' },
  });
  expect(response.code).toBe(ResultCode.SUCCESS);
  const { codeHash } = await t.app.db.one<{ codeHash: string }>(
    'SELECT code_hash AS "codeHash" FROM password_reset_codes WHERE patient_idx = $1',
    [patient.idx],
  );
  return { patient, codeHash };
}

const hashOf = (patientIdx: number, code: string) =>
  createHash('sha256').update(`${patientIdx}:${code}`).digest('hex');

describe('e-mail without SMTP_URL in development with DEV_LOG_RESET_CODES on', () => {
  let t: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    t = await buildTestApp({
      config: { smtpUrl: undefined, isProduction: false, logLevel: 'info', devLogResetCodes: true },
      build: { logStream: log.stream },
    });
  });
  afterAll(() => t.close());

  it('writes the message, reset code included, to the log so the flow can be tried', async () => {
    const { patient, codeHash } = await resetWithoutSmtp(t);
    const line = log.lines.find((entry) => String(entry.msg).startsWith('SMTP_URL is not set'));
    expect(line).toMatchObject({
      level: 30,
      msg: 'SMTP_URL is not set: e-mail written to the log instead (development only)',
      mail: { to: 'dev-mail@example.com', loginId: patient.loginId, code: expect.stringMatching(/^\d{6}$/) },
    });
    // It is the very code that was stored, so it really resets the password.
    const { code } = line!.mail as { code: string };
    expect(hashOf(patient.idx, code)).toBe(codeHash);
  });
});

describe('e-mail without SMTP_URL in development, by default (issue 10 point 17)', () => {
  let t: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    t = await buildTestApp({
      config: { smtpUrl: undefined, isProduction: false, logLevel: 'trace' },
      build: { logStream: log.stream },
    });
  });
  afterAll(() => t.close());

  it('never writes the reset code (it resets the account) nor the address', async () => {
    const { patient, codeHash } = await resetWithoutSmtp(t);
    const line = log.lines.find((entry) => String(entry.msg).startsWith('SMTP_URL is not set'));
    expect(line).toMatchObject({ level: 40, msg: 'SMTP_URL is not set: e-mail not sent' });
    const text = JSON.stringify(log.lines);
    expect(text).not.toContain('dev-mail@example.com');
    // The code in no form: no six digits anywhere in the log (times included) are the stored one.
    const windows = (text.match(/\d{6,}/g) ?? []).flatMap((run) =>
      Array.from({ length: run.length - 5 }, (_, i) => run.slice(i, i + 6)),
    );
    expect(windows.length).toBeGreaterThan(0);
    expect(windows.filter((digits) => hashOf(patient.idx, digits) === codeHash)).toEqual([]);
  });
});

describe('e-mail without SMTP_URL in production', () => {
  let t: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    t = await buildTestApp({
      config: { smtpUrl: undefined, isProduction: true, logLevel: 'trace' },
      build: { logStream: log.stream },
    });
  });
  afterAll(() => t.close());

  it('warns that nothing was sent and writes neither the code nor the address', async () => {
    await resetWithoutSmtp(t);
    const line = log.lines.find((entry) => String(entry.msg).startsWith('SMTP_URL is not set'));
    expect(line).toMatchObject({ level: 40, msg: 'SMTP_URL is not set: e-mail not sent' });
    expect(line).not.toHaveProperty('mail');
    const text = JSON.stringify(log.lines);
    expect(text).not.toContain('dev-mail@example.com');
    expect(text).not.toMatch(/"code":"\d{6}"/);
  });
});

describe('SMTP_URL timeouts', () => {
  it('bounds the waits on a dead mail server unless SMTP_URL sets its own', () => {
    const url = new URL(smtpUrlWithTimeouts('smtp://user:p%40ss@mail.example:2525?greetingTimeout=3000'));
    expect(url.searchParams.get('connectionTimeout')).toBe('10000');
    expect(url.searchParams.get('greetingTimeout')).toBe('3000');
    expect(url.searchParams.get('socketTimeout')).toBe('20000');
    expect(url.username).toBe('user');
    expect(decodeURIComponent(url.password)).toBe('p@ss');
    expect(url.host).toBe('mail.example:2525');
  });
});
