import { join } from 'node:path';
import { withOwnServer } from '../support/own-server.ts';
import { repoRoot } from '../support/server.ts';
import { expect, navigate } from '../support/fixtures.ts';
import { openPhone } from './two-people.ts';

/**
 * Issue 10 point 12 where the patient sees it: a chat message over the broker's rate limit is
 * not stored, the app says why, and the message waits as failed with "retry". A server of its
 * own with a limit of two messages at once and one a minute after.
 */
const test = withOwnServer(() => ({
  logFile: join(repoRoot, 'test-results/e2e/rate-limit-server.log'),
  env: {
    CHAT_MESSAGE_RATE: '2/1',
    LOGIN_RATE_LIMIT_PER_MIN: '100000',
    ACCOUNT_RATE_LIMIT_PER_MIN: '100000',
  },
}));

test('a chat message over the rate limit is refused with a message and can be retried later', async ({
  browser,
  baseURL,
  createPatient,
  loginAsPatient,
}, testInfo) => {
  const patient = await createPatient();
  const phone = await openPhone(browser, baseURL!);
  const page = await phone.newPage();
  await loginAsPatient(page, patient.loginId, { password: patient.password });
  await navigate(page, '/hospital/consulting/chat');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('상담 채팅');
  const log = page.getByRole('log', { name: '대화 내용' });
  const input = page.getByRole('textbox', { name: '메시지 입력' });
  for (const text of ['첫 번째 질문입니다', '두 번째 질문입니다', '세 번째 질문입니다']) {
    await input.fill(text);
    await page.getByRole('button', { name: '보내기' }).click();
  }

  await expect(
    page.locator('.toast', { hasText: '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.' }),
  ).toBeVisible();
  const third = log.locator('[data-pending-state="failed"]');
  await expect(third).toContainText('세 번째 질문입니다');
  await expect(third.getByRole('button', { name: '다시 보내기' })).toBeVisible();
  await expect(
    log.locator('[data-person-type="PATIENT"]').filter({ hasText: '두 번째 질문입니다' }),
  ).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath('rate-limited-chat.png') });
  await page.screenshot({ path: join(repoRoot, 'test-results/e2e/rate-limited-chat.png') });
  await phone.close();
});
