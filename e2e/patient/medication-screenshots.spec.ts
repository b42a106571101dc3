import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '@smartcare/contract/api-paths';
import { expect } from '../support/fixtures.ts';
import { withOwnServer } from '../support/own-server.ts';
import type { SeededMedicationHistory } from '../support/seed-medication-history.ts';
import { repoRoot } from '../support/server.ts';
import {
  consoleShotContext,
  fitConsoleToContent,
  phoneShotContext,
  screenshotFromTop,
} from '../support/screenshot.ts';
import { settled } from '../support/settled.ts';

/**
 * Issue 15, docs/screenshots: the medication screens of a home-care patient with weeks of
 * history (the calendar's taken, partly taken and missed days, the nurse's adherence and
 * missed doses), the alarm settings with the medication switch and quiet hours, and the
 * console's medication page. Past doses cannot be made through the API, so this spec has a
 * server of its own whose DATA_DIR is seeded before it starts (seed-medication-history.ts).
 * Only collected with SMARTCARE_SCREENSHOTS=1; look at every picture before committing.
 */
let seeded: SeededMedicationHistory;
const test = withOwnServer(() => ({
  logFile: join(repoRoot, 'test-results', 'e2e-logs', `medication-screenshots-${process.pid}.log`),
  env: { LOGIN_RATE_LIMIT_PER_MIN: '100000', ACCOUNT_RATE_LIMIT_PER_MIN: '100000' },
  beforeStart: (dataDir) => {
    const out = join(mkdtempSync(join(tmpdir(), 'smartcare-med-history-')), 'seeded.json');
    const run = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'e2e/support/seed-medication-history.ts', dataDir, out],
      { cwd: repoRoot, stdio: 'inherit' },
    );
    if (run.status !== 0) throw new Error(`seeding the medication history failed (exit ${run.status})`);
    seeded = JSON.parse(readFileSync(out, 'utf8')) as SeededMedicationHistory;
  },
}));

const kstClock = (minutes: number) =>
  new Date(Date.now() + 9 * 3_600_000 + minutes * 60_000).toISOString().slice(11, 16);
const kstDay = (minutes: number) =>
  new Date(Date.now() + 9 * 3_600_000 + minutes * 60_000).toISOString().slice(0, 10);

const here = dirname(fileURLToPath(import.meta.url));
const patientRoot = resolve(here, '../../docs/screenshots/patient');
const staffRoot = resolve(here, '../../docs/screenshots/staff');

test(
  'screenshots of the medication screens and alarm settings at 360 px and 200 % text, and the console’s medication page',
  { tag: '@screenshots' },
  async ({ browser, baseURL, api, loginAsPatient, loginAsStaff }) => {
    test.setTimeout(240_000);
    mkdirSync(`${patientRoot}/text-200`, { recursive: true });
    mkdirSync(staffRoot, { recursive: true });
    const context = await phoneShotContext(browser, baseURL);
    const page = await context.newPage();
    const { accessToken } = await loginAsPatient(page, seeded.patient.loginId, {
      password: seeded.patient.password,
      area: 'homecare',
    });
    // One dose due now, so the main screen shows what stands out.
    await api.data('POST', apiPaths.medication.add, {
      token: accessToken,
      body: {
        name: '타이레놀정500밀리그람',
        strength: '500mg',
        form: 'TABLET',
        dosePerIntake: 2,
        times: [kstClock(-5)],
        // The dose's own day: in the first minutes after midnight in Korea, yesterday.
        startDate: kstDay(-5),
        meal: 'AFTER_MEAL',
      },
    });
    await api.data('PUT', apiPaths.patient.alarmUpdate, {
      token: accessToken,
      body: { quietHoursEnabled: true, quietHoursStart: '22:00', quietHoursEnd: '07:00' },
    });

    for (const [dir, size] of [
      [patientRoot, 'normal'],
      [`${patientRoot}/text-200`, 'xlarge'],
    ] as const) {
      await page.evaluate((value) => localStorage.setItem('smartcare.textSize', value), size);

      await page.goto('/#/homecare/medication/main');
      await page.reload();
      await settled(page);
      await expect(page.getByText('지금 드실 시간입니다').first()).toBeVisible();
      await screenshotFromTop(page, `${dir}/medication-main.png`);

      await page.goto('/#/homecare/medication/calendar');
      await settled(page);
      await expect(page.locator('.med-day-cell.med-adh-all_taken').first()).toBeVisible();
      await expect(page.locator('.med-day-cell.med-adh-missed').first()).toBeVisible();
      await page.locator('.med-day-cell.med-adh-some_taken').last().click();
      await expect(page.getByRole('heading', { level: 2, name: /복용 내역/ })).toBeVisible();
      await screenshotFromTop(page, `${dir}/medication-calendar.png`);

      await page.goto(`/#/homecare/medication/${seeded.medicationIdx}`);
      await settled(page);
      await expect(page.getByText(/약이 \d+회분 남았습니다/).first()).toBeVisible();
      await screenshotFromTop(page, `${dir}/medication-detail.png`);

      await page.goto('/#/homecare/medication/main');
      await settled(page);
      await page.getByRole('button', { name: '약 추가하기' }).click();
      await page.getByLabel('약 이름').fill('ㅇㅅㅍㄹ');
      await expect(page.getByRole('button', { name: /아스피린/ }).first()).toBeVisible();
      await screenshotFromTop(page, `${dir}/medication-add.png`);

      await page.goto('/#/homecare/common/alarm');
      await settled(page);
      await expect(page.getByRole('switch', { name: '복약 알림' })).toBeChecked();
      await expect(page.getByText(/방해 금지 시간이 끝날 때 한 번에 모아/)).toBeVisible();
      await screenshotFromTop(page, `${dir}/alarm-settings-homecare.png`);
    }
    await context.close();

    // The console: the nurse's page of this patient, at the desk and at 360 px.
    for (const [width, name] of [
      [1280, 'medication-patient.png'],
      [360, 'medication-patient-360.png'],
    ] as const) {
      const desk = await consoleShotContext(browser, baseURL, { width, height: 800 });
      const staffPage = await desk.newPage();
      await loginAsStaff(staffPage, seeded.nurse.loginId, { password: seeded.nurse.password });
      await staffPage.goto(`/staff/#/home-care/${seeded.patient.idx}/medication`);
      await expect(staffPage.getByRole('heading', { name: '박복약 님 복약 관리' })).toBeVisible();
      await expect(staffPage.getByText('노바스크정5밀리그램').first()).toBeVisible();
      await expect(staffPage.getByRole('heading', { name: /놓친 복용/ })).toBeVisible();
      await fitConsoleToContent(staffPage);
      await screenshotFromTop(staffPage, `${staffRoot}/${name}`);
      await desk.close();
    }
  },
);
