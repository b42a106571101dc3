import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, navigate, test } from '../support/fixtures.ts';
import { nurseOfThisTest, openPhone } from './two-people.ts';

/** Issue 15: a nurse prescribes in the console and the medicine appears on the patient's phone. */
test.describe('prescribing from the console', () => {
  test('the nurse prescribes; the open medication screen on the phone shows it', async ({
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
    test.setTimeout(120_000);
    const nurse = await nurseOfThisTest(api, createStaff);
    const patient = await createPatient({
      hospitalIdx: nurse.profile.hospitalIdx,
      area: 'HOMECARE',
      name: '처방받는환자',
    });
    const phone = await openPhone(browser, baseURL!);
    const patientPage = await phone.newPage();
    try {
      await loginAsPatient(patientPage, patient.loginId, { password: patient.password, area: 'homecare' });
      await navigate(patientPage, '/homecare/medication/main');
      await expect(patientPage.getByText('등록된 약이 없습니다.')).toBeVisible();

      await loginAsStaff(nursePage, nurse.account.loginId, { password: nurse.account.password });
      await nursePage.goto(`/staff/#/home-care/${patient.idx}/medication`);
      // The heading names whose medicines these are (never only a number).
      await expect(nursePage.getByRole('heading', { name: '처방받는환자 님 복약 관리' })).toBeVisible();
      await expect(nursePage.getByText('등록된 약이 없습니다.')).toBeVisible();
      await checkA11y(nursePage);
      await nursePage.getByRole('button', { name: '약 처방' }).click();
      const dialog = nursePage.getByRole('dialog');
      await dialog.getByLabel('약 이름').fill('ㅈㄴㅂㅇ');
      // antd draws the visible choices apart from its hidden listbox of options.
      await nursePage.locator('.ant-select-item-option').filter({ hasText: '자누비아정100밀리그램' }).click();
      await expect(dialog.getByLabel('함량')).toHaveValue('100mg');
      await dialog.getByLabel('복용 시각').fill('08:00');
      await checkA11y(nursePage);
      await dialog.getByRole('button', { name: '저장' }).click();
      await expect(nursePage.getByText('처방했습니다. 환자에게 알림이 갑니다.')).toBeVisible();
      await expect(nursePage.getByRole('row').filter({ hasText: '자누비아정100밀리그램' })).toContainText(
        '복용 중',
      );

      // The console's page for docs/screenshots/staff (SMARTCARE_SCREENSHOTS=1), else the test's
      // output: once the confirmation has gone, so it does not cover the console's tabs.
      await expect(nursePage.locator('.ant-message-notice')).toHaveCount(0, { timeout: 15_000 });
      await nursePage.screenshot({
        path: process.env.SMARTCARE_SCREENSHOTS
          ? resolve(
              dirname(fileURLToPath(import.meta.url)),
              '../../docs/screenshots/staff/home-care-medication.png',
            )
          : testInfo.outputPath('home-care-medication.png'),
        fullPage: true,
      });

      // The phone, already open on the screen: the prescription arrives without reloading.
      await expect(patientPage.getByRole('link', { name: /자누비아정100밀리그램/ })).toBeVisible({
        timeout: 15_000,
      });
      await checkA11y(patientPage);
    } finally {
      await phone.close();
    }
  });
});
