import { mkdirSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { Page as Paged } from '@smartcare/contract/paging';
import type { VitalSign, VitalSignKind } from '@smartcare/contract/vital-signs';
import type { Api } from '../support/api.ts';
import { expect, test } from '../support/fixtures.ts';
import { phoneShotContext, screenshotFromTop } from '../support/screenshot.ts';

/**
 * Issue 13 layer 3 at the phone viewport: each register screen records through its form and
 * says the class in words; an impossible value is refused next to its field and nothing is stored.
 */

const readings = (api: Api, token: string, kind: VitalSignKind) =>
  api.data<Paged<VitalSign>>('GET', apiPaths.vitalSign.getReadings, { token, query: { kind } });

async function homecarePatient(
  page: Page,
  createPatient: (o?: { area?: 'HOMECARE'; name?: string }) => Promise<{ loginId: string; password: string }>,
  loginAsPatient: (
    page: Page,
    loginId: string,
    o?: { password?: string; area?: 'homecare' },
  ) => Promise<{ accessToken: string }>,
) {
  const patient = await createPatient({ area: 'HOMECARE', name: '김민지' });
  return loginAsPatient(page, patient.loginId, { password: patient.password, area: 'homecare' });
}

const save = (page: Page) => page.getByRole('button', { name: '저장하기' }).click();

test.describe('recording vital signs by hand', () => {
  test('each register screen stores its reading and says its class in words', async ({
    page,
    api,
    createPatient,
    loginAsPatient,
    checkA11y,
  }) => {
    test.setTimeout(120_000);
    const { accessToken } = await homecarePatient(page, createPatient, loginAsPatient);

    await page.goto('/#/homecare/mystatus/temp/regist');
    await expect(page.getByRole('heading', { level: 1, name: '체온 기록하기' })).toBeVisible();
    await checkA11y(page);
    await page.getByLabel('체온 (°C)').fill('37.9');
    await page.getByRole('radio', { name: '겨드랑이' }).check();
    await save(page);
    await expect(page.getByText('기록을 저장했습니다.')).toBeVisible();
    await expect(page.getByText('정상', { exact: true })).toBeVisible();
    await expect(page.getByText(/조기경보점수\(NEWS2\)/)).toBeVisible();
    await checkA11y(page);
    // Another kind's screen starts empty, not with the answer just shown.

    await page.goto('/#/homecare/mystatus/bloodpressure/regist');
    await expect(page.getByRole('heading', { level: 1, name: '혈압 기록하기' })).toBeVisible();
    await checkA11y(page);
    await page.getByLabel('수축기 혈압 (mmHg, 높은 쪽)').fill('145');
    await page.getByLabel('이완기 혈압 (mmHg, 낮은 쪽)').fill('92');
    await page.getByLabel('맥박 (회/분, 선택)').fill('76');
    await save(page);
    await expect(page.getByText('고혈압 1기')).toBeVisible();
    await expect(page.getByText('맥박 76회/분은 심박수로도 기록했습니다.')).toBeVisible();

    await page.goto('/#/homecare/mystatus/bloodglucose/regist');
    await checkA11y(page);
    await page.getByLabel('혈당 (mg/dL)').fill('112');
    await expect(page.getByText('= 6.2 mmol/L')).toBeVisible();
    await page.getByRole('radio', { name: '공복 (8시간 이상 금식)' }).check();
    await save(page);
    await expect(page.getByText('공복혈당장애 (당뇨병 전단계)')).toBeVisible();

    await page.goto('/#/homecare/mystatus/heartrate/regist');
    await checkA11y(page);
    await page.getByLabel('심박수 (회/분)').fill('35');
    await save(page);
    await expect(page.getByText('매우 느림 (위험)')).toBeVisible();
    await expect(page.getByRole('alert')).toContainText('담당 간호사에게 바로 연락해 주세요');
    await expect(page.getByRole('link', { name: '119 전화하기' })).toHaveAttribute('href', 'tel:119');
    await checkA11y(page);

    await page.goto('/#/homecare/mystatus/sleep/regist');
    await checkA11y(page);
    await page.getByRole('radio', { name: '잔 시간' }).check();
    await page.getByLabel('잔 시간 (시간, 예: 7.5)').fill('7.5');
    await page.getByRole('radio', { name: '잘 잤어요' }).check();
    await save(page);
    await expect(page.getByText('7시간 30분')).toBeVisible();
    await expect(page.getByText('충분', { exact: true })).toBeVisible();

    // The dashboard, reached from the home screen's tile, shows each latest reading in words.
    await page.goto('/#/homecare/home');
    await page.getByRole('link', { name: '나의 건강 상태' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '나의 건강 상태' })).toBeVisible();
    const card = (name: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name }) });
    await expect(card('체온')).toContainText('37.9 °C');
    await expect(card('혈압')).toContainText('145/92 mmHg');
    await expect(card('혈압')).toContainText('고혈압 1기');
    await expect(card('혈당')).toContainText('공복혈당장애 (당뇨병 전단계)');
    await expect(card('심박수')).toContainText(/76회\/분|35회\/분/);
    await expect(card('수면')).toContainText('7시간 30분');
    await expect(card('산소포화도')).toContainText('아직 기록이 없습니다.');
    await checkA11y(page);
    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: '내려받기' }).click();
    const file = await (await download).path();
    const bundle = JSON.parse(await readFile(file, 'utf8')) as { resourceType: string; entry: unknown[] };
    expect(bundle.resourceType).toBe('Bundle');
    // The patient and six observations (the cuff's pulse is a heart rate of its own).
    expect(bundle.entry).toHaveLength(7);
    await page.getByRole('link', { name: '혈압 기록하기' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '혈압 기록하기' })).toBeVisible();

    const temp = await readings(api, accessToken, 'TEMPERATURE');
    expect(temp.dataList.map((r) => [r.value, r.context, r.source])).toEqual([[37.9, 'AXILLARY', 'MANUAL']]);
    const bp = await readings(api, accessToken, 'BLOOD_PRESSURE');
    expect(bp.dataList.map((r) => [r.value, r.value2])).toEqual([[145, 92]]);
    const hr = await readings(api, accessToken, 'HEART_RATE');
    expect(hr.dataList.map((r) => r.value).sort()).toEqual([35, 76]);
    const glucose = await readings(api, accessToken, 'BLOOD_GLUCOSE');
    expect(glucose.dataList.map((r) => [r.value, r.context])).toEqual([[112, 'FASTING']]);
    const sleep = await readings(api, accessToken, 'SLEEP');
    expect(sleep.dataList.map((r) => [r.value, r.context])).toEqual([[450, 'GOOD']]);
  });

  test('an impossible value or a future time is refused next to its field and nothing is stored', async ({
    page,
    api,
    createPatient,
    loginAsPatient,
    checkA11y,
  }) => {
    const { accessToken } = await homecarePatient(page, createPatient, loginAsPatient);
    await page.goto('/#/homecare/mystatus/temp/regist');
    await page.getByLabel('체온 (°C)').fill('50');
    await save(page);
    await expect(page.getByText('체온은 30~45 °C 사이로 입력해 주세요')).toBeVisible();
    await expect(page.getByLabel('체온 (°C)')).toHaveAttribute('aria-invalid', 'true');
    await checkA11y(page);

    await page.getByLabel('체온 (°C)').fill('36.5');
    await page.getByRole('group', { name: '측정한 시간' }).getByLabel('날짜').fill('2099-01-01');
    await save(page);
    await expect(page.getByText(/앞으로의 시간은 기록할 수 없습니다/)).toBeVisible();
    await expect(page.getByText('기록을 저장했습니다.')).toHaveCount(0);
    expect((await readings(api, accessToken, 'TEMPERATURE')).totalCount).toBe(0);
  });
});

test(
  'screenshots of the register screens at 360 px and 200 % text for docs/screenshots/patient',
  { tag: '@screenshots' },
  async ({ browser, baseURL, api, createPatient, loginAsPatient }) => {
    test.setTimeout(120_000);
    // 360 px at 1×, like the other phone screenshots, so the files stay small.
    const context = await phoneShotContext(browser, baseURL);
    const page = await context.newPage();
    const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots/patient');
    mkdirSync(`${root}/text-200`, { recursive: true });
    const { accessToken } = await homecarePatient(page, createPatient, loginAsPatient);
    // A few days of readings, so the dashboard shows classes, a stale kind and trends.
    const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
    const seed = [
      ...[3, 2, 1, 0].map((d, i) => ({
        kind: 'BLOOD_PRESSURE',
        systolic: 138 + i * 3,
        diastolic: 86 + i,
        effectiveAt: daysAgo(d),
      })),
      { kind: 'TEMPERATURE', temperatureC: 36.8, site: 'EAR', effectiveAt: daysAgo(0) },
      { kind: 'BLOOD_GLUCOSE', mgdl: 104, timing: 'FASTING', effectiveAt: daysAgo(4) },
      { kind: 'SLEEP', wakeAt: daysAgo(0), durationMin: 380, quality: 'FAIR' },
    ];
    for (const body of seed) await api.data('POST', apiPaths.vitalSign.record, { token: accessToken, body });
    const screens: [string, string][] = [
      ['vital-temp-regist', '/homecare/mystatus/temp/regist'],
      ['vital-bloodpressure-regist', '/homecare/mystatus/bloodpressure/regist'],
      ['vital-bloodglucose-regist', '/homecare/mystatus/bloodglucose/regist'],
      ['vital-heartrate-regist', '/homecare/mystatus/heartrate/regist'],
      ['vital-sleep-regist', '/homecare/mystatus/sleep/regist'],
      ['vital-dashboard', '/homecare/mystatus/dashboard'],
    ];
    for (const [dir, size] of [
      [root, 'normal'],
      [`${root}/text-200`, 'xlarge'],
    ] as const) {
      await page.evaluate((value) => localStorage.setItem('smartcare.textSize', value), size);
      for (const [name, route] of screens) {
        await page.goto(`/#${route}`);
        await page.reload();
        await expect(page.locator('h1').first()).toBeVisible();
        await screenshotFromTop(page, `${dir}/${name}.png`);
      }
      // The answer to an urgent reading, as the patient reads it.
      await page.goto('/#/homecare/mystatus/heartrate/regist');
      await page.getByLabel('심박수 (회/분)').fill('35');
      await save(page);
      await expect(page.getByText('매우 느림 (위험)')).toBeVisible();
      await screenshotFromTop(page, `${dir}/vital-heartrate-urgent.png`);
    }
    await context.close();
  },
);
