import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { DietDay } from '@smartcare/contract/diet';
import { expect, test } from '../support/fixtures.ts';
import {
  consoleShotContext,
  fitConsoleToContent,
  phoneShotContext,
  screenshotFromTop,
} from '../support/screenshot.ts';

/**
 * Issue 15 (diet) at the phone viewport: a home-care patient logs a meal with a food from the
 * table, found by 초성, and a photo; the dashboard adds it up; the nurse of the patient's
 * hospital sees the meal and its photo in the console.
 */

/** A camera-like JPEG made by the browser's canvas (no image library needed in the test). */
async function jpegFrom(page: Page): Promise<Buffer> {
  const dataUrl = await page.evaluate(() => {
    const canvas = document.createElement('canvas');
    canvas.width = 800;
    canvas.height = 600;
    const g = canvas.getContext('2d')!;
    g.fillStyle = '#f2c14e';
    g.fillRect(0, 0, 800, 600);
    g.fillStyle = '#b5301b';
    g.beginPath();
    g.arc(400, 300, 200, 0, Math.PI * 2);
    g.fill();
    return canvas.toDataURL('image/jpeg', 0.8);
  });
  return Buffer.from(dataUrl.split(',')[1]!, 'base64');
}

async function desktopConsole(browser: Browser, baseURL: string) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: 1280, height: 800 },
    locale: 'ko-KR',
    timezoneId: 'Asia/Seoul',
  });
  return { context, page: await context.newPage() };
}

test.describe('diet logging', () => {
  test('log a meal with a food from the table and a photo, see the totals; the nurse sees it', async ({
    page,
    browser,
    baseURL,
    api,
    createPatient,
    createStaff,
    loginAsPatient,
    loginAsStaff,
    checkA11y,
  }) => {
    test.setTimeout(150_000);
    const nurse = await createStaff({ role: 'NURSE' });
    const patient = await createPatient({
      area: 'HOMECARE',
      name: '식단환자',
      hospitalIdx: nurse.hospitalIdx,
    });
    const { accessToken } = await loginAsPatient(page, patient.loginId, {
      password: patient.password,
      area: 'homecare',
    });

    // An empty day first: the empty state and the days without entries.
    await page.goto('/#/homecare/diet/dashboard');
    await expect(page.getByRole('heading', { level: 1, name: '나의 식단' })).toBeVisible();
    await expect(page.getByText('이 날은 기록한 식사가 없습니다.')).toBeVisible();
    await expect(page.getByText('기록 없음').first()).toBeVisible();
    await checkA11y(page);

    await page.getByRole('link', { name: '식사 기록하기' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '식사 기록' })).toBeVisible();
    await page.getByRole('radio', { name: '점심' }).check();
    // 초성 search: ㄱㅊㅉㄱ finds 김치찌개
    await page.getByLabel('음식 이름 또는 초성').fill('ㄱㅊㅉㄱ');
    await page.getByRole('button', { name: /^김치찌개/ }).click();
    // partial search: 쌀 finds 쌀밥
    await page.getByLabel('음식 이름 또는 초성').fill('쌀');
    await page.getByRole('button', { name: /^쌀밥/ }).click();
    await expect(page.getByRole('heading', { name: '먹은 음식 (2)' })).toBeVisible();
    await page.getByLabel('쌀밥 양', { exact: true }).fill('1.5');
    await page.locator('input[type=file]').setInputFiles({
      name: 'lunch.jpg',
      mimeType: 'image/jpeg',
      buffer: await jpegFrom(page),
    });
    await expect(page.getByRole('img', { name: '올린 식사 사진' })).toBeVisible();
    await checkA11y(page);
    await page.getByRole('button', { name: '저장하기' }).click();

    // The dashboard: 김치찌개 1인분 160 kcal + 쌀밥 1.5인분 470 kcal = 630 kcal
    await expect(page.getByRole('heading', { level: 1, name: '나의 식단' })).toBeVisible();
    const day = await api.data<DietDay>('GET', apiPaths.diet.getDay, { token: accessToken });
    expect(day.meals).toHaveLength(1);
    expect(day.meals[0]!.items.map((i) => [i.name, i.amount])).toEqual([
      ['김치찌개', 1],
      ['쌀밥', 1.5],
    ]);
    expect(day.totals.kcal).toBe(630);
    expect(day.meals[0]!.hasPhoto).toBe(true);
    const totals = page.getByRole('region', { name: '하루 합계와 목표' });
    await expect(totals).toContainText(`630 kcal / 목표 ${day.targets.kcal.toLocaleString('ko-KR')} kcal`);
    await expect(page.getByRole('img', { name: /식사 사진/ })).toBeVisible();
    await expect(page.getByText('김치찌개 1인분 · 160 kcal')).toBeVisible();
    // The source of the figures is named next to them (domain.md "Diet").
    await expect(
      totals.getByText('음식의 영양 수치: 식품의약품안전처 식품영양성분 데이터베이스'),
    ).toBeVisible();
    await checkA11y(page);

    // The nurse of the patient's hospital, in the console.
    const staff = await desktopConsole(browser, baseURL!);
    try {
      await loginAsStaff(staff.page, nurse.loginId, { password: nurse.password });
      await staff.page.goto(`/staff/#/home-care/${patient.idx}/diet`);
      await expect(staff.page.getByRole('heading', { level: 1, name: '식단환자 님 식단' })).toBeVisible();
      await expect(staff.page.getByText('김치찌개 1인분')).toBeVisible();
      await expect(staff.page.getByText('630 kcal').first()).toBeVisible();
      await expect(
        staff.page.getByText('음식의 영양 수치: 식품의약품안전처 식품영양성분 데이터베이스'),
      ).toBeVisible();
      await staff.page.getByRole('button', { name: '사진 보기' }).click();
      await expect(staff.page.getByRole('img', { name: /식사 사진/ })).toBeVisible();
      await checkA11y(staff.page);
      // The nurse marks the patient diabetic: carbohydrate is called out on the phone.
      await staff.page.getByLabel('당뇨 환자 (탄수화물을 강조해 보여 줍니다)').check();
      await staff.page.getByRole('button', { name: '목표 저장' }).click();
      await expect(staff.page.getByText('목표를 저장했습니다.')).toBeVisible();
    } finally {
      await staff.context.close();
    }
    await page.reload();
    await expect(page.getByText('당뇨 관리를 위해 탄수화물을 확인해 주세요.')).toBeVisible();
    await expect(page.getByText(/간호사가 정한 하루 목표입니다/)).toBeVisible();
  });

  test('bad input is refused next to its field and nothing is stored', async ({
    page,
    api,
    createPatient,
    loginAsPatient,
  }) => {
    const patient = await createPatient({ area: 'HOMECARE' });
    const { accessToken } = await loginAsPatient(page, patient.loginId, {
      password: patient.password,
      area: 'homecare',
    });
    await page.goto('/#/homecare/diet/regdiet');
    await page.getByRole('button', { name: '저장하기' }).click();
    await expect(page.getByText('음식을 하나 이상 추가해 주세요')).toBeVisible();
    await page.getByRole('button', { name: '목록에 없는 음식 직접 입력' }).click();
    await page.getByLabel('열량 (kcal)').fill('-3');
    await page.getByRole('button', { name: '저장하기' }).click();
    await expect(page.getByText('음식 이름을 입력해 주세요')).toBeVisible();
    await expect(page.getByText('0 이상의 알맞은 숫자를 입력해 주세요')).toBeVisible();
    await page.locator('input[type=file]').setInputFiles({
      name: 'notes.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('not a photo'),
    });
    await expect(page.getByText('사진은 JPEG, PNG, HEIC 파일만 올릴 수 있습니다')).toBeVisible();
    const day = await api.data<DietDay>('GET', apiPaths.diet.getDay, { token: accessToken });
    expect(day.meals).toEqual([]);
  });
});

test(
  'screenshots of the diet screens at 360 px and 200 % text for docs/screenshots/patient',
  { tag: '@screenshots' },
  async ({ browser, baseURL, api, createPatient, createStaff, loginAsPatient, loginAsStaff }) => {
    test.setTimeout(150_000);
    const context = await phoneShotContext(browser, baseURL);
    const page = await context.newPage();
    const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots/patient');
    mkdirSync(`${root}/text-200`, { recursive: true });
    const nurse = await createStaff({ role: 'NURSE' });
    const patient = await createPatient({
      area: 'HOMECARE',
      name: '식단환자',
      hospitalIdx: nurse.hospitalIdx,
    });
    const { accessToken } = await loginAsPatient(page, patient.loginId, {
      password: patient.password,
      area: 'homecare',
    });
    const kst = (daysAgo: number, hhmm: string) => {
      const date = new Date(Date.now() + 9 * 3600_000 - daysAgo * 86_400_000).toISOString().slice(0, 10);
      return `${date}T${hhmm}:00+09:00`;
    };
    const photo = { dataBase64: (await jpegFrom(page)).toString('base64') };
    const meals = [
      {
        mealType: 'BREAKFAST',
        // a breakfast time when the run is past it, else just after midnight (never the future)
        eatenAt: kst(0, new Date(Date.now() + 9 * 3600_000).getUTCHours() >= 8 ? '07:40' : '00:01'),
        items: [{ kind: 'FOOD', foodCode: 'F001', unit: 'SERVING', amount: 1 }],
      },
      {
        mealType: 'LUNCH',
        eatenAt: kst(1, '12:30'),
        items: [
          { kind: 'FOOD', foodCode: 'F085', unit: 'SERVING', amount: 1 },
          { kind: 'FOOD', foodCode: 'F001', unit: 'GRAM', amount: 300 },
        ],
        photo,
        memo: '반찬은 조금만 먹었어요',
      },
      {
        mealType: 'DINNER',
        eatenAt: kst(3, '18:40'),
        items: [{ kind: 'FREE', name: '집밥 나물', kcal: 120, carbG: 10, sodiumMg: 400 }],
      },
    ];
    for (const body of meals) await api.data('POST', apiPaths.diet.recordMeal, { token: accessToken, body });
    const nurseTokens = await api.loginStaff(nurse.loginId, nurse.password);
    await api.data('PUT', apiPaths.diet.setTargets, {
      token: nurseTokens.accessToken,
      body: {
        patientIdx: patient.idx,
        kcal: 1800,
        carbG: 230,
        proteinG: 60,
        fatG: 50,
        sugarG: 50,
        sodiumMg: 2000,
        diabetic: true,
        hypertensive: true,
      },
    });
    for (const [dir, size] of [
      [root, 'normal'],
      [`${root}/text-200`, 'xlarge'],
    ] as const) {
      await page.evaluate((value) => localStorage.setItem('smartcare.textSize', value), size);
      await page.goto('/#/homecare/diet/dashboard');
      await page.reload();
      await expect(page.getByRole('heading', { level: 1, name: '나의 식단' })).toBeVisible();
      await screenshotFromTop(page, `${dir}/diet-dashboard.png`);
      await page.getByRole('button', { name: '이전 날' }).click();
      await expect(page.getByText('반찬은 조금만 먹었어요')).toBeVisible();
      await expect(page.getByRole('img', { name: /식사 사진/ })).toBeVisible();
      await screenshotFromTop(page, `${dir}/diet-dashboard-yesterday.png`);
      await page.goto('/#/homecare/diet/regdiet');
      await page.getByLabel('음식 이름 또는 초성').fill('ㄸㅂㅇ');
      await page.getByRole('button', { name: /^떡볶이/ }).click();
      await page.getByRole('button', { name: '목록에 없는 음식 직접 입력' }).click();
      await page.getByLabel('음식 이름 또는 초성').fill('김치');
      await expect(page.getByRole('button', { name: /^김치전/ })).toBeVisible();
      await screenshotFromTop(page, `${dir}/diet-regdiet.png`);
    }
    await context.close();

    const staff = await consoleShotContext(browser, baseURL, { width: 1280, height: 1800 });
    const staffPage = await staff.newPage();
    await loginAsStaff(staffPage, nurse.loginId, { password: nurse.password });
    await staffPage.goto(`/staff/#/home-care/${patient.idx}/diet`);
    await expect(staffPage.getByRole('heading', { level: 1, name: '식단환자 님 식단' })).toBeVisible();
    await staffPage.getByRole('button', { name: '이전 날' }).click();
    await expect(staffPage.getByText('반찬은 조금만 먹었어요')).toBeVisible();
    const staffRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots/staff');
    mkdirSync(staffRoot, { recursive: true });
    await staffPage.screenshot({ path: `${staffRoot}/diet-patient.png` });
    await staffPage.getByRole('button', { name: '사진 보기' }).click();
    await expect(staffPage.getByRole('img', { name: /식사 사진/ })).toBeVisible();
    await staffPage.getByRole('heading', { name: '하루 목표 설정' }).scrollIntoViewIfNeeded();
    await staffPage.screenshot({ path: `${staffRoot}/diet-patient-targets.png` });
    await staff.close();

    // The same page on a 360 px screen (the console's layout narrows to one column).
    const narrow = await consoleShotContext(browser, baseURL, { width: 360, height: 780 });
    const narrowPage = await narrow.newPage();
    await loginAsStaff(narrowPage, nurse.loginId, { password: nurse.password });
    await narrowPage.goto(`/staff/#/home-care/${patient.idx}/diet`);
    await expect(narrowPage.getByRole('heading', { level: 1, name: '식단환자 님 식단' })).toBeVisible();
    await expect(narrowPage.getByText(/쌀밥/).first()).toBeVisible();
    await fitConsoleToContent(narrowPage);
    await screenshotFromTop(narrowPage, `${staffRoot}/diet-patient-360.png`, { fullPage: false });
    await narrow.close();
  },
);
