import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import { publishDefaultTerms } from '../db/seed-demo.ts';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';
import { api, createPatient, loginPatient } from '../testing/factories.ts';
import { REDACT_MAX_DEPTH, redactLogObject } from './log-redact.ts';

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

  it('redacts sensitive keys at any depth, in arrays and in errors and their causes', () => {
    const before = log.lines.length;
    const error = Object.assign(new Error('wrapped'), {
      cause: Object.assign(new Error('inner'), {
        config: { headers: { Authorization: 'Bearer LEAK-CAUSE' } },
      }),
      request: { body: { password: 'LEAK-ERROR-PROP' } },
    });
    t.app.log.warn(
      {
        a: { b: { password: 'LEAK-DEEP-1' } },
        list: [{ deeper: [{ refreshToken: 'LEAK-DEEP-2' }] }],
        headers: { AccessToken: 'LEAK-DEEP-3' },
        patient: { bodyInfo: { allergies: 'LEAK-HEALTH' }, measurements: { values: [120, 80] } },
        err: error,
      },
      'nested probe',
    );
    const line = JSON.parse(log.lines.slice(before).join('')) as {
      a: { b: { password: string } };
      err: { message: string; type: string; stack: string };
    };
    expect(JSON.stringify(line)).not.toMatch(/LEAK|"values":\[120/);
    // Redacted, not dropped: the log still says which field was there.
    expect(line.a.b.password).toBe('[redacted]');
    // The error is still logged as an error, with its message and stack.
    expect(line.err).toMatchObject({ type: 'Error', message: expect.stringContaining('wrapped') });
    expect(line.err.stack).toContain('log-redact.test.ts');
  });

  it('does not walk past its depth bound: deeper parts are left out, not logged unchecked', () => {
    let deep: Record<string, unknown> = { password: 'LEAK-TOO-DEEP', note: 'kept?' };
    for (let i = 0; i < REDACT_MAX_DEPTH + 2; i++) deep = { level: deep };
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    const out = JSON.stringify(redactLogObject({ deep, cyclic }));
    expect(out).not.toContain('LEAK-TOO-DEEP');
    expect(out).toContain('[too deep to log]');
    expect(out).toContain('"name":"loop"');
  });

  it('a real database error keeps its message and constraint but not the refused row or values', async () => {
    const patient = await createPatient(t.app.db);
    const error = await t.app.db
      // The value is bound, as the repositories bind theirs: the statement text carries none.
      .query(`INSERT INTO body_info (patient_idx, height_cm, allergies) VALUES ($1, $2, NULL)`, [
        patient.idx,
        187.345,
      ])
      .then(
        () => null,
        (e: unknown) => e as Error & { detail?: string; code?: string },
      );
    expect(error?.code).toBe('23502');
    // The database does put the row in the error: that is what must stay out of the log.
    expect(error?.detail).toContain('187.345');

    const before = log.lines.length;
    t.app.log.error({ err: error }, 'unexpected error');
    t.app.log.error({ context: { step: 'save', failure: error } }, 'nested database error');
    const text = log.lines.slice(before).join('');
    expect(text).not.toContain('187.345');
    expect(text).toContain('violates not-null constraint');
    expect(text).toContain('"detail":"[redacted]"');
    expect(text.match(/"detail":"\[redacted\]"/g)).toHaveLength(2);
  });
});
