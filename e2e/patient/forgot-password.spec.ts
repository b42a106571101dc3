import { join } from 'node:path';
import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import { startSmtpSink, verificationCodeIn } from '../support/mail.ts';
import { withOwnServer } from '../support/own-server.ts';
import { repoRoot } from '../support/server.ts';
import { expect } from '../support/fixtures.ts';

/**
 * Forgot password (spec §2 account area): a code by e-mail, then the code and a new
 * password. The shared e2e server sends no mail, so this file runs a server of its own
 * whose SMTP_URL points at a real SMTP sink in the test process, and reads the code from
 * the mail it received.
 */
let smtp: Awaited<ReturnType<typeof startSmtpSink>> | undefined;

const test = withOwnServer(async () => {
  smtp = await startSmtpSink();
  return {
    logFile: join(repoRoot, 'test-results/e2e/forgot-password-server.log'),
    env: {
      SMTP_URL: smtp.url,
      LOGIN_RATE_LIMIT_PER_MIN: '100000',
      ACCOUNT_RATE_LIMIT_PER_MIN: '100000',
    },
  };
});
test.afterAll(async () => {
  await smtp?.close();
});

const NEW_PASSWORD = 'Brand-new9!';

test('a code by e-mail sets a new password; a wrong code is refused in Korean', async ({
  allowFailures,
  page,
  api,
  createPatient,
  checkA11y,
}) => {
  // The wrong code is refused with HTTP 400 on purpose.
  allowFailures(/\/patient\/resetPassword$/);
  const patient = await createPatient();
  const email = `${patient.loginId}@example.test`;
  const before = smtp!.mails.length;

  // The login screen's link leads here.
  await page.goto('/#/hospital/login');
  await page.getByRole('link', { name: '비밀번호 찾기' }).click();
  await expect(page).toHaveURL(/#\/forgot-password$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('비밀번호 찾기');
  await checkA11y(page);

  await page.getByLabel('아이디', { exact: true }).fill(patient.loginId);
  await page.getByLabel('이메일', { exact: true }).fill(email);
  await page.getByRole('button', { name: '인증번호 받기' }).click();
  await expect(page.getByText(`${patient.loginId} 계정의 이메일로 받은 인증번호`)).toBeVisible();

  await expect.poll(() => smtp!.mails.length, { timeout: 15_000 }).toBe(before + 1);
  const mail = smtp!.mails.at(-1)!;
  expect(mail.to).toEqual([email]);
  const code = verificationCodeIn(mail);
  expect(code).toMatch(/^\d{6}$/);
  await checkA11y(page);

  // A wrong code: the server's refusal, in the app's Korean words; the password stays.
  const wrong = code === '000000' ? '111111' : '000000';
  await page.getByLabel('인증번호', { exact: true }).fill(wrong);
  await page.getByLabel('새 비밀번호', { exact: true }).fill(NEW_PASSWORD);
  await page.getByLabel('비밀번호 확인', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: '비밀번호 변경' }).click();
  await expect(page.getByRole('alert')).toHaveText('인증번호가 올바르지 않거나 만료되었습니다.');
  await expect(page).toHaveURL(/#\/forgot-password$/);
  await checkA11y(page);

  // The right code changes it and leads to sign-in with the login id filled in.
  await page.getByLabel('인증번호', { exact: true }).fill(code!);
  await page.getByRole('button', { name: '비밀번호 변경' }).click();
  await expect(page).toHaveURL(/#\/sign-in$/);
  await expect(page.getByText('비밀번호를 변경했습니다. 새 비밀번호로 로그인해 주세요.')).toBeVisible();
  await expect(page.getByLabel('아이디', { exact: true })).toHaveValue(patient.loginId);
  await page.getByLabel('비밀번호', { exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: '로그인' }).click();
  await expect(page).toHaveURL(/#\/detail$/);
  await expect(page.getByText(patient.name, { exact: true })).toBeVisible();

  const old = await api.call('POST', apiPaths.patient.login, {
    body: { loginId: patient.loginId, password: patient.password },
  });
  expect(old.envelope.code).not.toBe(ResultCode.SUCCESS);
});
