import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { ValidationFailure } from '@smartcare/contract/envelope';
import type { MyData } from '@smartcare/contract/patient';
import { ResultCode } from '@smartcare/contract/result-codes';
import { publishDefaultTerms } from '../../db/seed-demo.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { captureLog } from '../../testing/log-capture.ts';
import { api, createPatient, loginPatient } from '../../testing/factories.ts';
import { startSmtpSink } from '../../testing/smtp-sink.ts';

const REQUIRED = ['SERVICE', 'PRIVACY', 'HEALTH_DATA'] as const;

describe('sign-up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
    await publishDefaultTerms(t.app.db);
  });
  afterAll(() => t.close());

  const signUp = (body: Record<string, unknown>) =>
    api(t.baseUrl).post<ValidationFailure & { idx: number; loginId: string }>(apiPaths.patient.signUp, {
      body,
    });
  const valid = (loginId: string) => ({
    loginId,
    name: '새환자',
    email: `${loginId}@example.com`,
    password: 'Secret12!',
    passwordConfirm: 'Secret12!',
    agreedTermsCodes: [...REQUIRED, 'MARKETING'],
  });

  it('creates an account with the consents given, which can then log in', async () => {
    const created = await signUp(valid('newpatient1'));
    expect(created.code).toBe(ResultCode.SUCCESS);
    expect(created.data).toMatchObject({ loginId: 'newpatient1', idx: expect.any(Number) });
    const pair = await loginPatient(t.baseUrl, { loginId: 'newpatient1', password: 'Secret12!' });
    const myData = await api(t.baseUrl).get<MyData>(apiPaths.patient.getMyData, { token: pair.accessToken });
    const agreed = myData.data!.consents.filter((c) => c.agreed).map((c) => c.termsCode);
    expect(agreed.sort()).toEqual([...REQUIRED, 'MARKETING'].sort());
    expect(myData.data!.profile.areas).toEqual(['HOSPITAL']);
  });

  it('refuses when a required terms is not agreed, and writes nothing', async () => {
    const response = await signUp({ ...valid('newpatient2'), agreedTermsCodes: ['SERVICE', 'PRIVACY'] });
    expect(response.status).toBe(400);
    expect(response.data!.fields).toEqual([
      { field: 'agreedTermsCodes', message: '약관 동의를 입력해 주세요' },
    ]);
    expect(await t.app.db.maybeOne(`SELECT 1 FROM patients WHERE login_id = 'newpatient2'`)).toBeNull();
  });

  it('a login id already taken is CONFLICT', async () => {
    await createPatient(t.app.db, { loginId: 'takenid' });
    const response = await signUp(valid('takenid'));
    expect(response.status).toBe(409);
    expect(response.code).toBe(ResultCode.CONFLICT);
  });

  it('each field has its rule and its message (spec §5)', async () => {
    const response = await signUp({
      loginId: 'AB',
      name: '',
      email: 'nope',
      password: 'short',
      passwordConfirm: 'other',
      agreedTermsCodes: [...REQUIRED],
    });
    expect(response.status).toBe(400);
    const messages = Object.fromEntries(response.data!.fields.map((f) => [f.field, f.message]));
    expect(messages).toMatchObject({
      loginId: '아이디는 4~20자의 영문 소문자, 숫자, -, _ 만 사용할 수 있습니다',
      name: '이름을 입력해 주세요',
      email: '이메일 형식이 올바르지 않습니다',
      password: '비밀번호는 8~64자이며 영문, 숫자, 특수문자를 모두 포함해야 합니다',
    });
    const mismatch = await signUp({ ...valid('newpatient3'), passwordConfirm: 'Secret12?' });
    expect(mismatch.data!.fields).toEqual([
      { field: 'passwordConfirm', message: '비밀번호가 일치하지 않습니다' },
    ]);
    const english = await api(t.baseUrl).post<ValidationFailure>(apiPaths.patient.signUp, {
      body: { ...valid('newpatient4'), email: 'nope' },
      headers: { 'accept-language': 'en' },
    });
    expect(english.data!.fields).toEqual([{ field: 'email', message: 'Email format error' }]);
    const blank = await signUp({ ...valid('newpatient5'), name: '   ' });
    expect(blank.data!.fields).toEqual([{ field: 'name', message: '값을 비워 둘 수 없습니다' }]);
  });
});

describe('forgotten password', () => {
  let t: TestApp;
  let smtp: Awaited<ReturnType<typeof startSmtpSink>>;
  beforeAll(async () => {
    smtp = await startSmtpSink();
    t = await buildTestApp({ config: { smtpUrl: smtp.url } });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  const codeIn = (raw: string) =>
    /인증번호: (\d{6})/.exec(raw.replace(/=\r?\n/g, ''))?.[1] ?? decodeCode(raw);
  /** The body may arrive base64-encoded (UTF-8 text); decode it when the plain match fails. */
  function decodeCode(raw: string): string | undefined {
    const [, body = ''] = raw.split(/\r?\n\r?\n/);
    return /인증번호: (\d{6})/.exec(Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8'))?.[1];
  }

  it('sends a 6-digit code by e-mail; the code sets a new password once and ends old sessions', async () => {
    const patient = await createPatient(t.app.db, { email: 'forgetful@example.com' });
    const oldPair = await loginPatient(t.baseUrl, patient);
    const asked = await api(t.baseUrl).post(apiPaths.patient.requestPasswordReset, {
      body: { loginId: patient.loginId, email: 'Forgetful@example.com' },
    });
    expect(asked.code).toBe(ResultCode.SUCCESS);
    // The e-mail leaves after the answer.
    await vi.waitFor(() => expect(smtp.mails).toHaveLength(1));
    expect(smtp.mails[0]!.to).toEqual(['forgetful@example.com']);
    const code = codeIn(smtp.mails[0]!.raw);
    expect(code).toMatch(/^\d{6}$/);

    const reset = {
      loginId: patient.loginId,
      verificationCode: code,
      newPassword: 'Brand-new9',
      newPasswordConfirm: 'Brand-new9',
    };
    expect((await api(t.baseUrl).post(apiPaths.patient.resetPassword, { body: reset })).code).toBe(
      ResultCode.SUCCESS,
    );
    await loginPatient(t.baseUrl, { loginId: patient.loginId, password: 'Brand-new9' });
    const replay = await api(t.baseUrl).post(apiPaths.patient.resetPassword, {
      body: { ...reset, newPassword: 'Other-new9', newPasswordConfirm: 'Other-new9' },
    });
    expect(replay.code).toBe(ResultCode.VERIFICATION_CODE_INVALID);
    const oldRefresh = await api(t.baseUrl).post(apiPaths.patient.refresh, {
      headers: { AccessToken: oldPair.accessToken, RefreshToken: oldPair.refreshToken },
    });
    expect(oldRefresh.code).toBe(ResultCode.REFRESH_FAILED);
  });

  it('answers success for unknown accounts and wrong e-mails, and sends nothing', async () => {
    const patient = await createPatient(t.app.db, { email: 'someone@example.com' });
    const before = smtp.mails.length;
    for (const body of [
      { loginId: 'no-such-user', email: 'x@example.com' },
      { loginId: patient.loginId, email: 'other@example.com' },
    ]) {
      expect((await api(t.baseUrl).post(apiPaths.patient.requestPasswordReset, { body })).code).toBe(
        ResultCode.SUCCESS,
      );
    }
    // Give a (wrongly) sent mail the time to arrive before saying none did.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails.length).toBe(before);
  });

  it('a wrong code counts; after five wrong tries even the right code is refused', async () => {
    const patient = await createPatient(t.app.db, { email: 'guess@example.com' });
    await api(t.baseUrl).post(apiPaths.patient.requestPasswordReset, {
      body: { loginId: patient.loginId, email: 'guess@example.com' },
    });
    await vi.waitFor(() =>
      expect(smtp.mails.some((mail) => mail.to.includes('guess@example.com'))).toBe(true),
    );
    const code = codeIn(smtp.mails.at(-1)!.raw)!;
    const wrongCode = code === '000000' ? '111111' : '000000';
    const attempt = (verificationCode: string) =>
      api(t.baseUrl).post(apiPaths.patient.resetPassword, {
        body: {
          loginId: patient.loginId,
          verificationCode,
          newPassword: 'Brand-new9',
          newPasswordConfirm: 'Brand-new9',
        },
      });
    for (let i = 0; i < 5; i++)
      expect((await attempt(wrongCode)).code).toBe(ResultCode.VERIFICATION_CODE_INVALID);
    const right = await attempt(code);
    expect(right.status).toBe(400);
    expect(right.code).toBe(ResultCode.VERIFICATION_CODE_INVALID);
    await loginPatient(t.baseUrl, patient);
  });

  it('a password reset lifts a login lock: the owner proved who they are', async () => {
    const patient = await createPatient(t.app.db, { email: 'locked-out@example.com' });
    const wrong = { loginId: patient.loginId, password: 'wrong-Pass1!' };
    for (let i = 0; i < t.config.loginLockThreshold; i++)
      await api(t.baseUrl).post(apiPaths.patient.login, { body: wrong });
    const locked = await api(t.baseUrl).post(apiPaths.patient.login, {
      body: { loginId: patient.loginId, password: patient.password },
    });
    expect(locked.code).toBe(ResultCode.ACCOUNT_LOCKED);

    await api(t.baseUrl).post(apiPaths.patient.requestPasswordReset, {
      body: { loginId: patient.loginId, email: 'locked-out@example.com' },
    });
    await vi.waitFor(() =>
      expect(smtp.mails.some((mail) => mail.to.includes('locked-out@example.com'))).toBe(true),
    );
    const mail = smtp.mails.find((entry) => entry.to.includes('locked-out@example.com'))!;
    const reset = await api(t.baseUrl).post(apiPaths.patient.resetPassword, {
      body: {
        loginId: patient.loginId,
        verificationCode: codeIn(mail.raw),
        newPassword: 'Unlocked-9',
        newPasswordConfirm: 'Unlocked-9',
      },
    });
    expect(reset.code).toBe(ResultCode.SUCCESS);
    await loginPatient(t.baseUrl, { loginId: patient.loginId, password: 'Unlocked-9' });
  });

  it('the code must be six digits and the passwords must match', async () => {
    const response = await api(t.baseUrl).post<ValidationFailure>(apiPaths.patient.resetPassword, {
      body: {
        loginId: 'x',
        verificationCode: '12ab',
        newPassword: 'Brand-new9',
        newPasswordConfirm: 'Brand-new8',
      },
    });
    expect(response.data!.fields).toEqual(
      expect.arrayContaining([
        { field: 'verificationCode', message: '6자로 입력해 주세요' },
        { field: 'newPasswordConfirm', message: '비밀번호가 일치하지 않습니다' },
      ]),
    );
  });
});

describe('forgotten password while the mail server is down', () => {
  let t: TestApp;
  const log = captureLog();
  beforeAll(async () => {
    // A real SMTP sink, closed again: its port now refuses connections.
    const smtp = await startSmtpSink();
    await smtp.close();
    t = await buildTestApp({
      config: { smtpUrl: smtp.url, logLevel: 'info' },
      build: { logStream: log.stream },
    });
  });
  afterAll(() => t.close());

  it('answers a real account exactly as an unknown one, and logs the failure without the code', async () => {
    const patient = await createPatient(t.app.db, { email: 'offline@example.com' });
    const ask = (body: { loginId: string; email: string }) =>
      api(t.baseUrl).post(apiPaths.patient.requestPasswordReset, { body });
    const real = await ask({ loginId: patient.loginId, email: 'offline@example.com' });
    const unknown = await ask({ loginId: 'no-such-user', email: 'offline@example.com' });

    expect(real.status).toBe(200);
    expect(real.code).toBe(ResultCode.SUCCESS);
    const shape = (r: typeof real) => ({
      status: r.status,
      code: r.code,
      description: r.description,
      data: r.data,
    });
    expect(shape(real)).toEqual(shape(unknown));

    // The code was made (a later request replaces it) and the failure is in the log.
    const codes = await t.app.db.one<{ n: number }>(
      'SELECT count(*) AS n FROM password_reset_codes WHERE patient_idx = $1',
      [patient.idx],
    );
    expect(codes.n).toBe(1);
    await vi.waitFor(() =>
      expect(log.lines.some((line) => line.msg === 'e-mail could not be sent')).toBe(true),
    );
    const failure = log.lines.find((line) => line.msg === 'e-mail could not be sent')!;
    expect(failure).toMatchObject({ level: 50, err: { code: 'ESOCKET' } });
    const text = JSON.stringify(log.lines);
    expect(text).not.toMatch(/인증번호: \d/);
    expect(text).not.toMatch(/"code":"\d{6}"/);
    expect(text).not.toContain('offline@example.com');
  });
});

describe('forgotten password with a mail server that never answers', () => {
  let t: TestApp;
  const sockets = new Set<Socket>();
  // Accepts the connection and then says nothing: nodemailer waits for a greeting.
  const silent = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    t = await buildTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await t.close();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });

  it('does not keep the caller waiting for the e-mail', async () => {
    const patient = await createPatient(t.app.db, { email: 'waiting@example.com' });
    const started = performance.now();
    const real = await api(t.baseUrl).post(apiPaths.patient.requestPasswordReset, {
      body: { loginId: patient.loginId, email: 'waiting@example.com' },
    });
    const took = performance.now() - started;
    expect(real.code).toBe(ResultCode.SUCCESS);
    // The mail is still waiting for the server's greeting (10 s), the answer is not.
    await vi.waitFor(() => expect(sockets.size).toBe(1));
    expect(took).toBeLessThan(2_000);
  });
});
