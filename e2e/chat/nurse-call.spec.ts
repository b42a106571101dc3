import { expect, navigate, test } from '../support/fixtures.ts';
import { nurseOfThisTest, openPhone, phoneContext } from './two-people.ts';

/** Issue 4: the patient calls a nurse from the phone and sees the ward board's answer live. */
test.describe('nurse calling', () => {
  test('the patient calls a nurse, a second tap adds nothing, and the acknowledgement arrives live', async ({
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
    const patient = await createPatient({
      hospitalIdx: nurse.profile.hospitalIdx,
      ward: '7병동',
      bed: '705-3',
    });
    const phone = await openPhone(browser, baseURL!);
    const patientPage = await phone.newPage();
    try {
      await loginAsStaff(nursePage, nurse.account.loginId, { password: nurse.account.password });
      await nursePage
        .getByRole('navigation', { name: '주 메뉴' })
        .getByRole('link', { name: /간호사 호출/ })
        .click();
      await expect(nursePage.getByRole('heading', { name: '간호사 호출 현황' })).toBeVisible();

      await loginAsPatient(patientPage, patient.loginId, { password: patient.password });
      await navigate(patientPage, '/hospital/nursecalling/list');
      await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('간호사 호출');
      // Always on screen: this is not the emergency channel.
      await expect(
        patientPage.getByText('이 화면은 응급 호출 수단이 아닙니다.', { exact: false }),
      ).toBeVisible();
      await expect(patientPage.getByRole('link', { name: '119 전화하기' })).toHaveAttribute(
        'href',
        'tel:119',
      );
      await expect(patientPage.getByText('7병동 705-3')).toBeVisible();
      await expect(patientPage.getByText('호출한 내역이 없습니다.')).toBeVisible();
      await checkA11y(patientPage);

      const pain = patientPage.getByRole('button', { name: /통증/ });
      await pain.click();
      await expect(patientPage.getByText('간호사를 호출했습니다.')).toBeVisible();
      const calls = patientPage.getByRole('list').filter({ has: patientPage.locator('.nurse-call') });
      await expect(calls.locator('.nurse-call')).toHaveCount(1);
      await expect(calls).toContainText('호출됨');
      // While the call is open the buttons rest: no second call.
      await expect(pain).toBeDisabled();
      await expect(patientPage.getByRole('button', { name: /화장실/ })).toBeDisabled();

      // The ward board shows it; the nurse acknowledges; the patient sees who did, without a reload.
      const row = nursePage.getByRole('row').filter({ hasText: patient.name });
      await expect(row).toContainText('통증');
      await row.getByRole('button', { name: `${patient.name} 님 호출 확인` }).click();
      await expect(calls).toContainText('확인됨');
      await expect(patientPage.getByText(`${nurse.profile.name} 님이 확인했습니다`).first()).toBeVisible();
      await expect(patientPage.getByText('간호사를 호출했습니다.')).toBeHidden();
      await patientPage.screenshot({ path: testInfo.outputPath('nurse-call.png'), scale: 'css' });

      // Done on the board: the call closes for the patient and the buttons come back.
      await row.getByRole('button', { name: `${patient.name} 님 호출 완료` }).click();
      await expect(calls).toContainText('완료');
      await expect(pain).toBeEnabled();
      await expect(calls.locator('.nurse-call')).toHaveCount(1);
    } finally {
      await phone.close();
    }
  });
});

/** The patient alone, on the phone. */
test.describe('nurse calling on the phone', () => {
  test.use(phoneContext);

  test('the patient cancels an open call', async ({ page, createPatient, loginAsPatient }) => {
    const patient = await createPatient({ ward: '7병동', bed: '706-1' });
    await loginAsPatient(page, patient.loginId, { password: patient.password });
    await navigate(page, '/hospital/nursecalling/list');
    await page.getByRole('button', { name: /물/ }).click();
    await expect(page.getByText('간호사를 호출했습니다.')).toBeVisible();
    await page.getByRole('button', { name: '호출 취소' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '호출 취소' }).click();
    await expect(page.getByText('호출을 취소했습니다.')).toBeVisible();
    await expect(page.locator('.nurse-call')).toContainText('취소됨');
    await expect(page.getByRole('button', { name: /물/ })).toBeEnabled();
  });
});
