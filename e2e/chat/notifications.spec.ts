import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '@smartcare/contract/api-paths';
import { expect, navigate, test } from '../support/fixtures.ts';
import { nurseOfThisTest, openPhone, phoneContext } from './two-people.ts';

const TEXT_SIZE_KEY = 'smartcare.textSize';

/** Issue 12: a notification reaches the patient who is elsewhere in the app, and stays in the 알림함. */
test.describe('notifications', () => {
  test('a nurse answers in chat while the patient is on the home screen: the in-app notice shows and the push history has it', async ({
    page: nursePage,
    browser,
    baseURL,
    api,
    createStaff,
    createPatient,
    loginAsPatient,
    loginAsStaff,
    checkA11y,
  }, testInfo) => {
    const nurse = await nurseOfThisTest(api, createStaff);
    const patient = await createPatient({ hospitalIdx: nurse.profile.hospitalIdx });
    const phone = await openPhone(browser, baseURL!);
    const patientPage = await phone.newPage();
    try {
      // The patient asks for a person, then goes back to the home screen.
      await loginAsPatient(patientPage, patient.loginId, { password: patient.password });
      await navigate(patientPage, '/hospital/consulting/chat');
      await patientPage.getByRole('button', { name: '상담원 연결' }).click();
      await expect(patientPage.getByRole('region', { name: '상담 상태' })).toContainText(
        '상담원 답변 대기 중',
      );
      await navigate(patientPage, '/hospital/home');
      const tile = patientPage.getByRole('link', { name: /^알림함/ });
      await expect(tile).toHaveAccessibleName('알림함');

      await loginAsStaff(nursePage, nurse.account.loginId, { password: nurse.account.password });
      await nursePage
        .getByRole('navigation', { name: '상담 목록' })
        .getByRole('link', { name: new RegExp(patient.name) })
        .click();
      await nursePage.getByRole('button', { name: '상담 참여' }).click();
      await nursePage
        .getByRole('textbox', { name: '메시지 입력' })
        .fill('확인했습니다. 곧 병실로 가겠습니다.');
      await nursePage.getByRole('button', { name: '보내기' }).click();

      // The in-app notice, on the home screen, without a reload; the tile counts it.
      const notice = patientPage.locator('.notification-notice');
      await expect(notice).toContainText('상담 채팅');
      await expect(notice).toContainText(`${nurse.profile.name} 님이 답변을 보냈습니다.`);
      await expect(tile).toHaveAccessibleName(/^알림함\s*읽지 않음 1$/);
      await checkA11y(patientPage);
      await patientPage.screenshot({ path: testInfo.outputPath('in-app-notice.png'), scale: 'css' });
      await notice.getByRole('button', { name: '알림 닫기' }).click();
      await expect(notice).toBeHidden();

      // The push history has it, unread; a tap opens the chat and marks it read.
      await tile.click();
      await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('알림함');
      const item = patientPage.getByRole('button', { name: /상담 채팅/ });
      await expect(item).toContainText('읽지 않음');
      await expect(item).toContainText(`${nurse.profile.name} 님이 답변을 보냈습니다.`);
      await checkA11y(patientPage);
      await item.click();
      await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('상담 채팅');
      await expect(
        patientPage.getByRole('log', { name: '대화 내용' }).getByText('확인했습니다. 곧 병실로 가겠습니다.'),
      ).toBeVisible();
      await navigate(patientPage, '/hospital/setting/pushlist');
      await expect(patientPage.getByRole('button', { name: /상담 채팅/ })).not.toContainText('읽지 않음');
      await expect(patientPage.getByRole('button', { name: '모두 읽음' })).toBeDisabled();

      // While the patient reads that chat, a new answer is no notice (the message is on screen).
      await navigate(patientPage, '/hospital/consulting/chat');
      await nursePage.getByRole('textbox', { name: '메시지 입력' }).fill('혹시 열은 없으신가요?');
      await nursePage.getByRole('button', { name: '보내기' }).click();
      await expect(
        patientPage.getByRole('log', { name: '대화 내용' }).getByText('혹시 열은 없으신가요?'),
      ).toBeVisible();
      await expect(notice).toBeHidden();
    } finally {
      await phone.close();
    }
  });

  test('the staff console sends a test notification from the patient list', async ({
    page: nursePage,
    browser,
    baseURL,
    api,
    createStaff,
    createPatient,
    loginAsPatient,
    loginAsStaff,
    checkA11y,
  }) => {
    const nurse = await nurseOfThisTest(api, createStaff);
    const patient = await createPatient({ hospitalIdx: nurse.profile.hospitalIdx });
    const phone = await openPhone(browser, baseURL!);
    const patientPage = await phone.newPage();
    try {
      await loginAsPatient(patientPage, patient.loginId, { password: patient.password });
      await navigate(patientPage, '/hospital/home');
      await loginAsStaff(nursePage, nurse.account.loginId, { password: nurse.account.password });
      await nursePage
        .getByRole('navigation', { name: '주 메뉴' })
        .getByRole('link', { name: '환자 목록' })
        .click();
      await nursePage.getByRole('searchbox', { name: '이름 또는 환자번호로 검색' }).fill(patient.name);
      await nursePage.getByRole('searchbox', { name: '이름 또는 환자번호로 검색' }).press('Enter');
      await nursePage.getByRole('button', { name: `${patient.name} 님에게 테스트 알림 보내기` }).click();
      await expect(nursePage.getByText(`${patient.name} 님에게 테스트 알림을 보냈습니다.`)).toBeVisible();
      // The pointer off the button: antd's hover colour is not what the row shows at rest.
      await nursePage.mouse.move(0, 0);
      await checkA11y(nursePage);
      await expect(patientPage.locator('.notification-notice')).toContainText('테스트 알림');
    } finally {
      await phone.close();
    }
  });

  /** The push history at 360 px and at 200 % text (in-app 아주 크게), for docs/screenshots/patient. */
  test(
    'push history screenshots',
    { tag: '@screenshots' },
    async ({ browser, baseURL, api, createStaff, createPatient, loginAsPatient }) => {
      const nurse = await nurseOfThisTest(api, createStaff);
      const staffToken = (await api.loginStaff(nurse.account.loginId, nurse.account.password)).accessToken;
      const patient = await createPatient({ name: '김민지', hospitalIdx: nurse.profile.hospitalIdx });
      for (let i = 0; i < 3; i += 1) {
        await api.call('POST', apiPaths.notification.sendTest, {
          token: staffToken,
          body: { patientIdx: patient.idx },
        });
      }
      const dir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots/patient');
      mkdirSync(`${dir}/text-200`, { recursive: true });
      const context = await browser.newContext({
        ...phoneContext,
        baseURL,
        viewport: { width: 360, height: 780 },
        deviceScaleFactor: 1,
      });
      const page = await context.newPage();
      await loginAsPatient(page, patient.loginId, { password: patient.password });
      await navigate(page, '/hospital/setting/pushlist');
      // One read, the rest unread.
      await page
        .getByRole('button', { name: /테스트 알림/ })
        .last()
        .click();
      await navigate(page, '/hospital/setting/pushlist');
      await expect(page.getByRole('button', { name: /테스트 알림/ })).toHaveCount(3);
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${dir}/push-list.png` });
      await page.evaluate((key) => localStorage.setItem(key, 'xlarge'), TEXT_SIZE_KEY);
      await page.reload();
      await expect(page.getByRole('button', { name: /테스트 알림/ })).toHaveCount(3);
      await page.evaluate(() => document.fonts.ready);
      await page.screenshot({ path: `${dir}/text-200/push-list.png`, fullPage: true });
      await context.close();
    },
  );
});
