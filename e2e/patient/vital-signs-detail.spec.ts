import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { Page as Paged } from '@smartcare/contract/paging';
import type { VitalSign, VitalSignKind } from '@smartcare/contract/vital-signs';
import type { Api } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';

/**
 * Issue 13 (patient side) at the phone viewport: a reading typed on each register screen is
 * on its detail screen and on the dashboard; a detail screen corrects (with the register
 * form's checks) and deletes the patient's own readings, adds SpO2 and exercise by hand;
 * the body-information screen keeps a weight history with BMI. axe on every new screen.
 */

const readings = (api: Api, token: string, kind: VitalSignKind) =>
  api.data<Paged<VitalSign>>('GET', apiPaths.vitalSign.getReadings, { token, query: { kind } });

type CreatePatient = (o?: {
  area?: 'HOMECARE';
  name?: string;
}) => Promise<{ loginId: string; password: string }>;
type LoginAsPatient = (
  page: Page,
  loginId: string,
  o?: { password?: string; area?: 'homecare' },
) => Promise<{ accessToken: string }>;

async function homecarePatient(page: Page, createPatient: CreatePatient, loginAsPatient: LoginAsPatient) {
  const patient = await createPatient({ area: 'HOMECARE', name: '이상세' });
  return loginAsPatient(page, patient.loginId, { password: patient.password, area: 'homecare' });
}

const save = (page: Page) => page.getByRole('button', { name: '저장하기' }).click();

/** Each register kind: its route, how to type one reading, and how it reads on the detail screen. */
const KINDS: {
  name: string;
  slug: string;
  fill: (page: Page) => Promise<void>;
  shown: string | RegExp;
}[] = [
  {
    name: '체온',
    slug: 'temp',
    fill: async (page) => page.getByLabel('체온 (°C)').fill('38.4'),
    shown: '38.4 °C',
  },
  {
    name: '혈압',
    slug: 'bloodpressure',
    fill: async (page) => {
      await page.getByLabel('수축기 혈압 (mmHg, 높은 쪽)').fill('128');
      await page.getByLabel('이완기 혈압 (mmHg, 낮은 쪽)').fill('78');
    },
    shown: '128/78 mmHg',
  },
  {
    name: '혈당',
    slug: 'bloodglucose',
    fill: async (page) => {
      await page.getByLabel('혈당 (mg/dL)').fill('95');
      await page.getByRole('radio', { name: '공복 (8시간 이상 금식)' }).check();
    },
    shown: '95 mg/dL (5.3 mmol/L)',
  },
  {
    name: '심박수',
    slug: 'heartrate',
    fill: async (page) => page.getByLabel('심박수 (회/분)').fill('66'),
    shown: '66회/분',
  },
  {
    name: '수면',
    slug: 'sleep',
    fill: async (page) => {
      await page.getByRole('radio', { name: '잔 시간' }).check();
      await page.getByLabel('잔 시간 (시간, 예: 7.5)').fill('6');
    },
    shown: '6시간 0분',
  },
];

test.describe('vital-sign detail screens', () => {
  test('a reading typed on each register screen is on its detail screen and on the dashboard', async ({
    page,
    createPatient,
    loginAsPatient,
    checkA11y,
  }) => {
    test.setTimeout(180_000);
    await homecarePatient(page, createPatient, loginAsPatient);
    for (const kind of KINDS) {
      await page.goto(`/#/homecare/mystatus/${kind.slug}/regist`);
      await kind.fill(page);
      await save(page);
      await expect(page.getByText('기록을 저장했습니다.')).toBeVisible();
      await page.getByRole('link', { name: `${kind.name} 기록 모두 보기` }).click();
      await expect(page.getByRole('heading', { level: 1, name: `${kind.name} 자세히 보기` })).toBeVisible();
      const list = page
        .locator('section')
        .filter({ has: page.getByRole('heading', { name: /기록 \(1회\)$/ }) });
      await expect(list.getByRole('listitem')).toHaveCount(1);
      await expect(list.getByRole('listitem').first()).toContainText(kind.shown);
      await expect(page.getByRole('heading', { name: '범위 안내' })).toBeVisible();
      await expect(page.getByText(/^판정 기준: /)).toBeVisible();
      // The chart (uPlot, loaded on demand) draws, and its table says the same for screen readers.
      await expect(page.locator('.vital-chart canvas')).toBeVisible();
      await page.getByText('그래프 값을 표로 보기').click();
      await expect(page.getByRole('table', { name: `${kind.name} 그래프의 값` })).toContainText(kind.shown);
      await checkA11y(page);
    }

    await page.goto('/#/homecare/mystatus/dashboard');
    const card = (name: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    for (const kind of KINDS) await expect(card(kind.name)).toContainText(kind.shown);
    await card('혈압').getByRole('link', { name: '혈압 자세히 보기' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '혈압 자세히 보기' })).toBeVisible();
    // Every tab answers; a year still shows the reading of today.
    for (const tab of ['오늘', '1개월', '1년', '1주']) {
      await page.getByRole('button', { name: tab, exact: true }).click();
      await expect(page.getByRole('button', { name: tab, exact: true })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      await expect(page.getByText('128/78 mmHg').first()).toBeVisible();
    }
  });

  test('a reading is corrected with the register checks (an impossible value changes nothing) and deleted after confirming', async ({
    page,
    api,
    createPatient,
    loginAsPatient,
    checkA11y,
  }) => {
    const { accessToken } = await homecarePatient(page, createPatient, loginAsPatient);
    for (const [systolic, hours] of [
      [150, 3],
      [135, 1],
    ] as const)
      await api.data('POST', apiPaths.vitalSign.record, {
        token: accessToken,
        body: {
          kind: 'BLOOD_PRESSURE',
          systolic,
          diastolic: 88,
          effectiveAt: new Date(Date.now() - hours * 3_600_000).toISOString(),
        },
      });
    await page.goto('/#/homecare/mystatus/bloodpressure/detail');
    const items = page.locator('.vital-reading');
    await expect(items).toHaveCount(2);
    await items.first().getByRole('button', { name: /수정$/ }).click();
    await expect(page.getByLabel('수축기 혈압 (mmHg, 높은 쪽)')).toHaveValue('135');
    await page.getByLabel('수축기 혈압 (mmHg, 높은 쪽)').fill('400');
    await page.getByRole('button', { name: '수정 저장하기' }).click();
    await expect(page.getByText('수축기 혈압은 50~300 mmHg 사이로 입력해 주세요')).toBeVisible();
    await checkA11y(page);
    expect((await readings(api, accessToken, 'BLOOD_PRESSURE')).dataList.map((r) => r.value)).toEqual([
      135, 150,
    ]);

    await page.getByLabel('수축기 혈압 (mmHg, 높은 쪽)').fill('118');
    await page.getByLabel('이완기 혈압 (mmHg, 낮은 쪽)').fill('76');
    await page.getByRole('button', { name: '수정 저장하기' }).click();
    await expect(page.getByText('기록을 수정했습니다.')).toBeVisible();
    await expect(items.first()).toContainText('118/76 mmHg');
    await expect(items.first()).toContainText('정상');
    expect((await readings(api, accessToken, 'BLOOD_PRESSURE')).dataList.map((r) => r.value)).toEqual([
      118, 150,
    ]);

    await items.nth(1).getByRole('button', { name: /삭제$/ }).click();
    await page.getByRole('dialog').getByRole('button', { name: '취소' }).click();
    await expect(items).toHaveCount(2);
    await items.nth(1).getByRole('button', { name: /삭제$/ }).click();
    await expect(page.getByRole('dialog')).toContainText('150/88 mmHg');
    await page.getByRole('dialog').getByRole('button', { name: '삭제' }).click();
    await expect(page.getByText('기록을 삭제했습니다.')).toBeVisible();
    await expect(items).toHaveCount(1);
    expect((await readings(api, accessToken, 'BLOOD_PRESSURE')).dataList.map((r) => r.value)).toEqual([118]);
  });

  test('SpO2 and exercise are added by hand on their detail screens; the body information keeps a weight history', async ({
    page,
    api,
    createPatient,
    loginAsPatient,
    checkA11y,
  }) => {
    const { accessToken } = await homecarePatient(page, createPatient, loginAsPatient);
    await page.goto('/#/homecare/mystatus/spo2/detail');
    await expect(page.getByText('이 기간에 산소포화도 기록이 없습니다.')).toBeVisible();
    await checkA11y(page);
    await page.getByRole('button', { name: '산소포화도 직접 추가하기' }).click();
    await page.getByLabel('산소포화도 (%)').fill('120');
    await save(page);
    await expect(page.getByText('산소포화도는 50~100 % 사이로 입력해 주세요')).toBeVisible();
    expect((await readings(api, accessToken, 'SPO2')).totalCount).toBe(0);
    await page.getByLabel('산소포화도 (%)').fill('95');
    await save(page);
    await expect(page.getByRole('status').filter({ hasText: '기록을 저장했습니다.' })).toBeVisible();
    await expect(page.locator('.vital-reading').first()).toContainText('95%');
    await expect(page.locator('.vital-reading').first()).toContainText('주의');

    await page.goto('/#/homecare/mystatus/exercise/detail');
    await page.getByRole('button', { name: '운동 직접 추가하기' }).click();
    await page.getByRole('radio', { name: '걷기' }).check();
    await page.getByLabel('운동 시간 (분)').fill('40');
    await page.getByLabel('소모 열량 (kcal, 선택)').fill('180');
    await save(page);
    await expect(page.locator('.vital-reading').first()).toContainText('걷기 · 180 kcal');
    await expect(page.getByRole('heading', { name: '하루 걸음 수' })).toBeVisible();
    await checkA11y(page);
    expect(
      (await readings(api, accessToken, 'EXERCISE')).dataList.map((r) => [r.value, r.value2, r.context]),
    ).toEqual([[40, 180, 'WALKING']]);

    await page.goto('/#/homecare/bodyinfo/extrainfo');
    await expect(page.getByText(/아직 저장한 체중이 없습니다/)).toBeVisible();
    await page.getByLabel('키 (cm)').fill('160');
    await page.getByLabel('몸무게 (kg)').fill('62');
    await page.getByRole('button', { name: '저장' }).click();
    const history = page.locator('.weight-history');
    await expect(history.locator('.vital-reading')).toHaveCount(1);
    await expect(history).toContainText('62 kg · 체질량지수(BMI) 24.2');
    await expect(history).toContainText('비만 전단계 (과체중)');
    await checkA11y(page);
  });
});

test(
  'screenshots of the detail screens at 360 px (and 200 % text) for docs/screenshots/patient',
  { tag: '@screenshots' },
  async ({ browser, baseURL, api, createPatient, loginAsPatient }) => {
    test.setTimeout(180_000);
    const context = await browser.newContext({
      baseURL,
      viewport: { width: 360, height: 780 },
      deviceScaleFactor: 1,
      isMobile: true,
      hasTouch: true,
      locale: 'ko-KR',
      timezoneId: 'Asia/Seoul',
    });
    const page = await context.newPage();
    const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots/patient');
    mkdirSync(`${root}/text-200`, { recursive: true });
    const { accessToken } = await homecarePatient(page, createPatient, loginAsPatient);
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    const week = [150, 130, 110, 90, 60, 30, 4];
    const seed = week.flatMap((h, i) => [
      {
        kind: 'BLOOD_PRESSURE',
        systolic: 126 + (i % 3) * 8,
        diastolic: 78 + (i % 2) * 6,
        effectiveAt: hoursAgo(h),
      },
      { kind: 'TEMPERATURE', temperatureC: 36.4 + (i % 4) * 0.3, site: 'EAR', effectiveAt: hoursAgo(h) },
      { kind: 'HEART_RATE', bpm: 68 + (i % 3) * 9, effectiveAt: hoursAgo(h) },
      { kind: 'SPO2', percent: 97 - (i % 3), effectiveAt: hoursAgo(h) },
      { kind: 'BLOOD_GLUCOSE', mgdl: 96 + (i % 4) * 14, timing: 'FASTING', effectiveAt: hoursAgo(h) },
      { kind: 'SLEEP', wakeAt: hoursAgo(h), durationMin: 360 + (i % 3) * 45, quality: 'FAIR' },
      {
        kind: 'EXERCISE',
        activity: 'WALKING',
        durationMin: 30 + i * 5,
        kcal: 120 + i * 10,
        effectiveAt: hoursAgo(h),
      },
    ]);
    for (const body of seed) await api.data('POST', apiPaths.vitalSign.record, { token: accessToken, body });
    await api.data('PUT', apiPaths.patient.updateBodyInfo, {
      token: accessToken,
      body: { heightCm: 158, weightKg: 61 },
    });
    const screens: [string, string][] = [
      ['vital-temp-detail', '/homecare/mystatus/temp/detail'],
      ['vital-spo2-detail', '/homecare/mystatus/spo2/detail'],
      ['vital-sleep-detail', '/homecare/mystatus/sleep/detail'],
      ['vital-heartrate-detail', '/homecare/mystatus/heartrate/detail'],
      ['vital-exercise-detail', '/homecare/mystatus/exercise/detail'],
      ['vital-bloodpressure-detail', '/homecare/mystatus/bloodpressure/detail'],
      ['vital-bloodglucose-detail', '/homecare/mystatus/bloodglucose/detail'],
      ['bodyinfo-weight-history', '/homecare/bodyinfo/extrainfo'],
    ];
    for (const [dir, size, shown] of [
      [root, 'normal', screens],
      [`${root}/text-200`, 'xlarge', screens.filter(([name]) => name === 'vital-bloodpressure-detail')],
    ] as const) {
      await page.evaluate((value) => localStorage.setItem('smartcare.textSize', value), size);
      for (const [name, route] of shown) {
        await page.goto(`/#${route}`);
        await page.reload();
        await expect(page.locator('h1').first()).toBeVisible();
        if (name !== 'bodyinfo-weight-history')
          await expect(page.locator('.vital-chart canvas').first()).toBeVisible();
        else await expect(page.locator('.weight-history .vital-reading')).toHaveCount(1);
        await page.evaluate(() => document.fonts.ready);
        await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
      }
    }
    await context.close();
  },
);
