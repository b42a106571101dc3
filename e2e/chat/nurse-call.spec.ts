import { apiPaths } from '@smartcare/contract/api-paths';
import { expect, navigate, test } from '../support/fixtures.ts';
import { nurseOfThisTest, openPhone, phoneContext } from './two-people.ts';

/** Issue 4: the patient calls a nurse from the phone and sees the ward board's answer live. */
test.describe('nurse calling', () => {
  test('the nurse admits in the console; the patient calls, raises; the board shows ward, bed and details; discharge ends calling', async ({
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
    // The profile says another bed: the call must go to the one staff register (issue 10).
    const patient = await createPatient({
      hospitalIdx: nurse.profile.hospitalIdx,
      ward: '1병동',
      bed: '101-1',
    });
    await api.call('PUT', apiPaths.patient.updateBodyInfo, {
      token: patient.tokens.accessToken,
      body: { allergies: '페니실린' },
    });
    const phone = await openPhone(browser, baseURL!);
    const patientPage = await phone.newPage();
    try {
      await loginAsStaff(nursePage, nurse.account.loginId, { password: nurse.account.password });
      // Admission in the console: search the patient, admit to 7병동 705-3 with identity checked.
      await nursePage
        .getByRole('navigation', { name: '주 메뉴' })
        .getByRole('link', { name: '환자 목록' })
        .click();
      await expect(nursePage.getByRole('heading', { name: '환자 목록' })).toBeVisible();
      await nursePage.getByRole('searchbox', { name: '이름 또는 환자번호로 검색' }).fill(patient.name);
      await nursePage.getByRole('searchbox', { name: '이름 또는 환자번호로 검색' }).press('Enter');
      await nursePage.getByRole('button', { name: `${patient.name} 님 입원 등록` }).click();
      const form = nursePage.getByRole('dialog');
      await form.getByLabel('병동').fill('7병동');
      await form.getByLabel('병상').fill('705-3');
      await form.getByRole('checkbox').check();
      await form.getByRole('button', { name: '저장' }).click();
      await expect(nursePage.getByText('입원을 등록했습니다.')).toBeVisible();
      const patientRow = nursePage.getByRole('row').filter({ hasText: patient.name });
      await expect(patientRow).toContainText('7병동 705-3');
      await expect(patientRow).toContainText('신원 확인');
      await checkA11y(nursePage);
      await nursePage.screenshot({ path: testInfo.outputPath('staff-patients.png') });

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
      await expect(patientPage.getByText('1병동 101-1')).toBeHidden();
      await expect(patientPage.getByText('호출한 내역이 없습니다.')).toBeVisible();
      await checkA11y(patientPage);

      const pain = patientPage.getByRole('button', { name: /통증/ });
      await pain.click();
      await expect(patientPage.getByText('간호사를 호출했습니다.')).toBeVisible();
      const calls = patientPage.getByRole('list').filter({ has: patientPage.locator('.nurse-call') });
      await expect(calls.locator('.nurse-call')).toHaveCount(1);
      await expect(calls).toContainText('호출됨');
      // While the call is open the other buttons rest: no second call; 응급 and 낙상 raise it.
      await expect(pain).toBeDisabled();
      await expect(patientPage.getByRole('button', { name: /화장실/ })).toBeDisabled();
      await expect(patientPage.getByRole('button', { name: /응급/ })).toBeEnabled();

      // The ward board shows it with ward, bed and who the patient is.
      const row = nursePage.getByRole('row').filter({ hasText: patient.name }).first();
      await expect(row).toContainText('통증');
      await expect(row).toContainText('7병동 705-3');
      await expect(row).toContainText(`환자번호 ${patient.idx}`);
      await expect(row).toContainText('알레르기: 페니실린');

      // One tap raises it to 낙상: the board re-sorts and alerts again.
      await patientPage.getByRole('button', { name: /낙상/ }).click();
      await expect(patientPage.getByText('호출을 낙상으로 올렸습니다.')).toBeVisible();
      await expect(row).toContainText('낙상');
      await expect(row).toContainText('상향');
      await expect(nursePage.getByRole('alert').filter({ hasText: '호출 상향' })).toBeVisible();
      await nursePage.screenshot({ path: testInfo.outputPath('staff-board.png') });
      await patientPage.screenshot({ path: testInfo.outputPath('nurse-call-raised.png'), scale: 'css' });

      // The nurse acknowledges; the patient sees who did, without a reload.
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
      // This shift's handled calls list it with its response times.
      const handled = nursePage.getByRole('region', { name: '이번 근무에 처리한 호출' });
      await expect(handled.getByRole('row').filter({ hasText: patient.name })).toContainText(
        nurse.profile.name,
      );

      // Discharge in the console: the patient's screen now says why it cannot call and offers the chat.
      await nursePage
        .getByRole('navigation', { name: '주 메뉴' })
        .getByRole('link', { name: '환자 목록' })
        .click();
      await nursePage.getByRole('searchbox', { name: '이름 또는 환자번호로 검색' }).fill(String(patient.idx));
      await nursePage.getByRole('searchbox', { name: '이름 또는 환자번호로 검색' }).press('Enter');
      await nursePage.getByRole('button', { name: `${patient.name} 님 퇴원` }).click();
      await nursePage.getByRole('button', { name: '퇴원', exact: true }).click();
      await expect(nursePage.getByText('퇴원 처리했습니다.')).toBeVisible();
      await patientPage.reload();
      await expect(patientPage.getByText('간호사 호출을 사용할 수 없습니다')).toBeVisible();
      await expect(patientPage.getByRole('link', { name: '상담 채팅으로 가기' })).toBeVisible();
      await expect(patientPage.getByRole('button', { name: /응급/ })).toHaveCount(0);
      await patientPage.screenshot({
        path: testInfo.outputPath('nurse-call-no-admission.png'),
        scale: 'css',
      });
    } finally {
      await phone.close();
    }
  });
});

/** The patient alone, on the phone. */
test.describe('nurse calling on the phone', () => {
  test.use(phoneContext);

  test('the patient cancels an open call', async ({
    page,
    api,
    createPatient,
    createStaff,
    loginAsPatient,
  }) => {
    const nurse = await nurseOfThisTest(api, createStaff);
    const patient = await createPatient({ hospitalIdx: nurse.profile.hospitalIdx });
    const staffTokens = await api.loginStaff(nurse.account.loginId, nurse.account.password);
    await api.data('POST', apiPaths.admission.admit, {
      token: staffTokens.accessToken,
      body: { patientIdx: patient.idx, ward: '7병동', bed: '706-1', identityConfirmed: true },
    });
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

  // issue 10
  test('a patient without an admission cannot call and is offered the chat; changing the hospital asks first', async ({
    page,
    createPatient,
    loginAsPatient,
    checkA11y,
  }, testInfo) => {
    const patient = await createPatient();
    await loginAsPatient(page, patient.loginId, { password: patient.password });
    await navigate(page, '/hospital/nursecalling/list');
    await expect(page.getByText('간호사 호출을 사용할 수 없습니다')).toBeVisible();
    await expect(page.getByRole('button', { name: /응급/ })).toHaveCount(0);
    await checkA11y(page);
    await page.screenshot({ path: testInfo.outputPath('nurse-call-no-admission-360.png'), scale: 'css' });
    await page.getByRole('link', { name: '상담 채팅으로 가기' }).click();
    await expect(page).toHaveURL(/#\/hospital\/consulting\/chat$/);

    await navigate(page, '/hospital/home');
    await page.getByRole('link', { name: '병원 변경' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('간호사 호출은 바뀌지 않고');
    await page.screenshot({ path: testInfo.outputPath('change-hospital-360.png'), scale: 'css' });
    await dialog.getByRole('button', { name: '취소' }).click();
    await expect(page).toHaveURL(/#\/hospital\/home$/);
    await page.getByRole('link', { name: '병원 변경' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '병원 변경' }).click();
    await expect(page).toHaveURL(/#\/hospital\/common\/hospitalselect/);
  });
});
