import { expect, navigate, test } from '../support/fixtures.ts';
import { uniqueLoginId } from '../support/factories.ts';

/** The account and common screens of issue 3 against the real server. */
test.describe('patient account and common screens', () => {
  test('a new patient signs up through the app and logs in with it', async ({ page, checkA11y }) => {
    const loginId = uniqueLoginId('su');
    await navigate(page, '/sign-up');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('회원가입');
    // Empty submit: the spec's messages, Korean first.
    await page.getByRole('button', { name: '가입하기' }).click();
    await expect(page.getByText('아이디를 입력해 주세요')).toBeVisible();
    await checkA11y(page);

    await page.getByLabel('아이디').fill(loginId);
    await page.getByLabel('이름').fill('새환자');
    await page.getByLabel('이메일').fill('not-an-email');
    await page.getByLabel('비밀번호', { exact: true }).fill('Newpass1!');
    await page.getByLabel('비밀번호 확인').fill('Different1!');
    await page.getByRole('button', { name: '가입하기' }).click();
    await expect(page.getByText('이메일 형식이 올바르지 않습니다')).toBeVisible();
    await expect(page.getByText('비밀번호가 일치하지 않습니다')).toBeVisible();

    await page.getByLabel('이메일').fill(`${loginId}@example.test`);
    await page.getByLabel('비밀번호 확인').fill('Newpass1!');
    await page.getByText('전체 동의').click();
    await page.getByRole('button', { name: '가입하기' }).click();
    await expect(page.getByText('제출되었습니다')).toBeVisible();
    await expect(page).toHaveURL(/#\/hospital\/login$/);

    // "Remember me" brought the new id along.
    await expect(page.getByLabel('아이디', { exact: true })).toHaveValue(loginId);
    await page.getByLabel('비밀번호', { exact: true }).fill('Newpass1!');
    await page.getByRole('button', { name: '로그인' }).click();
    await expect(page.getByText('새환자님, 안녕하세요')).toBeVisible();
  });

  test('a patient without a hospital is sent to choose one before chat, then reaches it', async ({
    page,
    createPatient,
    loginAsPatient,
    checkA11y,
  }) => {
    const patient = await createPatient({ hospitalIdx: null });
    await loginAsPatient(page, patient.loginId, { password: patient.password });
    await expect(page.getByText('선택한 병원이 없습니다')).toBeVisible();
    await page.getByRole('link', { name: '상담 채팅' }).click();
    await expect(page).toHaveURL(/#\/hospital\/common\/hospitalselect\?next=/);
    await expect(page.getByText('상담 채팅을 이용하려면 먼저 병원을 선택해 주세요.')).toBeVisible();
    await checkA11y(page);
    await page.getByRole('searchbox').fill('서울');
    const hospital = page.getByRole('button', { name: /서울/ }).first();
    const name = (await hospital.locator('.menu-row-label').textContent()) ?? '';
    await hospital.click();
    await expect(page).toHaveURL(/#\/hospital\/consulting\/chat$/);
    await navigate(page, '/hospital/home');
    await expect(page.getByText(name, { exact: true })).toBeVisible();
  });

  test('switching the language changes the app at once and is kept', async ({
    page,
    createPatient,
    loginAsPatient,
  }) => {
    const patient = await createPatient();
    await loginAsPatient(page, patient.loginId, { password: patient.password });
    await navigate(page, '/hospital/setting/home');
    await page.getByRole('radio', { name: 'English' }).check();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    await expect(page.getByRole('link', { name: 'Notification settings' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('locale'))).toBe('en-US');
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Settings');
    await page.getByRole('radio', { name: '简体中文' }).check();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('设置');
    await page.getByRole('radio', { name: '한국어' }).check();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('설정');
  });

  test('a patient requests account deletion, sees the due date and withdraws it', async ({
    page,
    createPatient,
    loginAsPatient,
    checkA11y,
  }) => {
    const patient = await createPatient();
    await loginAsPatient(page, patient.loginId, { password: patient.password });
    await navigate(page, '/hospital/common/patientdelete');
    await expect(
      page.getByText('병원의 진료기록은 의료법에 따라 병원이 보관합니다', { exact: false }),
    ).toBeVisible();
    await checkA11y(page);
    await page.getByLabel('탈퇴 사유 (선택)').fill('이사합니다');
    await page.getByRole('button', { name: '탈퇴 요청하기' }).click();
    await page.getByRole('dialog').getByRole('button', { name: '탈퇴 요청하기' }).click();
    await expect(page.getByText(/계정이 삭제될 예정입니다/)).toBeVisible();
    await navigate(page, '/hospital/home');
    await expect(page.getByText(/회원 탈퇴가 진행될 예정입니다/)).toBeVisible();
    await navigate(page, '/hospital/common/patientdelete');
    await page.getByRole('button', { name: '탈퇴 요청 철회' }).click();
    await expect(page.getByRole('button', { name: '탈퇴 요청하기' })).toBeVisible();
  });

  test('the account-deletion page is public', async ({ page, checkA11y }) => {
    await navigate(page, '/account-deletion');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('계정 삭제 안내');
    await expect(page.getByText('탈퇴하면 삭제되는 정보')).toBeVisible();
    // The operator's contact for patients who cannot log in (config/operator.ts, the demo's default).
    await expect(page.getByText(/privacy@smartcare\.example 에 계정 삭제를 요청해 주세요/)).toBeVisible();
    await checkA11y(page);
  });

  test('every screen of this issue passes the accessibility check', async ({
    page,
    createPatient,
    loginAsPatient,
    checkA11y,
  }) => {
    const patient = await createPatient();
    await loginAsPatient(page, patient.loginId, { password: patient.password });
    const screens = [
      ['/hospital/home', /님, 안녕하세요/],
      ['/homecare/home', /님, 안녕하세요/],
      ['/hospital/common/hospitalselect', /병원 선택/],
      ['/hospital/setting/home', /언어/],
      ['/homecare/setting/home', /언어/],
      ['/hospital/common/alarm', /광고성 정보 수신/],
      ['/hospital/common/terms', /서비스 이용약관/],
      ['/hospital/common/terms/PRIVACY', /개인정보/],
      ['/hospital/common/agreelist', /필수 동의/],
      ['/hospital/setting/extrainfo', /혈액형/],
      ['/homecare/bodyinfo/extrainfo', /혈액형/],
      ['/settings', /소개/],
      ['/detail', /기본 정보/],
      ['/forgot-password', /인증번호 받기/],
      // issue 17: no route shows 준비 중 any more; the telemedicine list is a real screen
      ['/homecare/telemedicine/list', /예약된 비대면 진료가 없습니다/],
    ] as const;
    for (const [path, text] of screens) {
      await page.goto(`/#${path}`);
      await expect(page.getByText(text).first()).toBeVisible();
      await checkA11y(page);
    }
  });
});
