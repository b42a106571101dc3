import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import { publishDefaultTerms } from '../db/seed-demo.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { api, createPatient, loginPatient } from '../testing/factories.ts';

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString('utf8'));
      done();
    },
  });
  return { lines, stream, text: () => lines.join('') };
}

describe('what reaches the log', () => {
  let t: TestApp;
  const log = capture();
  beforeAll(async () => {
    t = await buildTestApp({
      config: { logLevel: 'trace', isProduction: true },
      build: { logStream: log.stream },
    });
    await publishDefaultTerms(t.app.db);
  });
  afterAll(() => t.close());

  it('never tokens, passwords, health values or reset codes', async () => {
    const patient = await createPatient(t.app.db, { email: 'quiet@example.com', password: 'Secret-log1' });
    const pair = await loginPatient(t.baseUrl, patient);
    await api(t.baseUrl).post(apiPaths.patient.refresh, {
      headers: { AccessToken: pair.accessToken, RefreshToken: pair.refreshToken },
    });
    await api(t.baseUrl).put(apiPaths.patient.updateBodyInfo, {
      token: pair.accessToken,
      body: { allergies: '희귀알레르기XYZ', weightKg: 77.7 },
    });
    await api(t.baseUrl).post(apiPaths.patient.requestPasswordReset, {
      body: { loginId: patient.loginId, email: 'quiet@example.com' },
    });
    await api(t.baseUrl).post(apiPaths.patient.signUp, {
      body: { loginId: 'bad', password: 'Leaky-pass1', passwordConfirm: 'x' },
    });

    const text = log.text();
    expect(text.length).toBeGreaterThan(0);
    for (const secret of [
      pair.accessToken,
      pair.refreshToken,
      'Secret-log1',
      'Leaky-pass1',
      '희귀알레르기XYZ',
      '77.7',
    ]) {
      expect(text).not.toContain(secret);
    }
    // In production the reset code is not written anywhere but the (missing) e-mail.
    expect(text).toContain('SMTP_URL is not set: e-mail not sent');
    expect(text).not.toMatch(/"code":"\d{6}"/);
  });

  it('the redaction list covers the headers that carry tokens', async () => {
    const { logRedactPaths } = await import('./log-redact.ts');
    expect(logRedactPaths).toEqual(
      expect.arrayContaining([
        'req.headers.authorization',
        'req.headers.accesstoken',
        'req.headers.refreshtoken',
      ]),
    );
    t.app.log.info(
      { req: { headers: { authorization: 'Bearer LEAK1', accesstoken: 'LEAK2', refreshtoken: 'LEAK3' } } },
      'probe',
    );
    expect(log.text()).not.toMatch(/LEAK[123]/);
  });
});
