import { apiPaths } from '@smartcare/contract/api-paths';
import type { Dose, Medication } from '@smartcare/contract/medication';
import { expect, navigate, test } from '../support/fixtures.ts';

/**
 * Issue 15 at the phone viewport: the patient adds a medicine twice a day from the list (초성
 * search), takes the dose that is due, and sees it on the calendar and in the medicine's history.
 */

/** 'HH:MM' in Korea, `minutes` from now. */
const kstClock = (minutes: number) =>
  new Date(Date.now() + 9 * 3_600_000 + minutes * 60_000).toISOString().slice(11, 16);
const kstToday = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
/** Minutes since midnight in Korea. */
const kstMinuteOfDay = () => {
  const [hours, minutes] = kstClock(0).split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
};
/**
 * Two doses of one Korean day, one due and one not yet (a dose is due from 15 minutes before
 * its time), fit only from 00:06 to 23:35: before, a dose five minutes ago was yesterday's;
 * after, any later dose today is already due. The server's clock is the real one.
 */
const FIRST_MINUTE = 6;
const LAST_MINUTE = 23 * 60 + 35;

test.describe('medication reminders', () => {
  test('add a medicine twice a day, take the first dose, see it on the calendar', async ({
    page,
    api,
    createPatient,
    loginAsPatient,
    checkA11y,
  }) => {
    test.setTimeout(120_000);
    const minute = kstMinuteOfDay();
    test.skip(
      minute < FIRST_MINUTE || minute > LAST_MINUTE,
      'within half an hour of Korean midnight two doses of one day cannot be one due, one not',
    );
    // Two doses today: one due now, one later.
    const first = kstClock(-5);
    // Up to ten hours after the first, never past 23:55 (measured from the first dose, not
    // from now: from 14:00 KST the later dose otherwise fell at midnight, tomorrow).
    const second = kstClock(
      -5 + Math.min(600, 23 * 60 + 55 - (Number(first.slice(0, 2)) * 60 + Number(first.slice(3)))),
    );
    const patient = await createPatient({ area: 'HOMECARE', name: '박복약' });
    const { accessToken } = await loginAsPatient(page, patient.loginId, {
      password: patient.password,
      area: 'homecare',
    });

    await navigate(page, '/homecare/medication/main');
    await expect(page.getByRole('heading', { level: 1, name: '복약 관리' })).toBeVisible();
    await expect(page.getByText('등록된 약이 없습니다.')).toBeVisible();
    await checkA11y(page);

    await page.getByRole('button', { name: '약 추가하기' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '약 추가' })).toBeVisible();
    await page.getByLabel('약 이름').fill('ㄴㅂㅅㅋ');
    await page.getByRole('button', { name: /노바스크정5밀리그램/ }).click();
    await expect(page.getByLabel('약 이름')).toHaveValue('노바스크정5밀리그램');
    await expect(page.getByLabel('함량')).toHaveValue('5mg');
    await page.getByLabel('1번째 시각', { exact: true }).fill(first);
    await page.getByRole('button', { name: '시각 추가' }).click();
    await page.getByLabel('2번째 시각', { exact: true }).fill(second);
    await page.getByLabel('남은 약 수량').fill('30');
    await checkA11y(page);
    await page.getByRole('button', { name: '저장', exact: true }).click();
    await expect(page.getByText('저장했습니다.')).toBeVisible();

    // Today: the due dose stands out with its big button.
    const due = page.locator('.med-dose-due');
    await expect(due).toHaveCount(1);
    await expect(due.getByText('지금 드실 시간입니다')).toBeVisible();
    await expect(page.locator('.med-dose')).toHaveCount(2);
    await checkA11y(page);
    await due.getByRole('button', { name: '복용 완료' }).click();
    await expect(page.getByText('복용을 기록했습니다.')).toBeVisible();
    await expect(page.locator('.med-status-taken')).toHaveCount(1);
    await expect(page.locator('.med-dose-due')).toHaveCount(0);
    const doses = await api.data<Dose[]>('GET', apiPaths.medication.getDoses, { token: accessToken });
    expect(doses.map((d) => d.status).sort()).toEqual(['PENDING', 'TAKEN']);

    // The calendar: today is "일부 복용" in words and symbol; a tap shows the day's doses.
    await page.getByRole('link', { name: '복약 달력 보기' }).click();
    await expect(page.getByRole('heading', { level: 1, name: '복약 달력' })).toBeVisible();
    const today = page.getByRole('button', { name: /일부 복용/ });
    // The name starts with the day number as shown, then the date and state in words.
    await expect(today).toHaveCount(1);
    await expect(today).toContainText('△');
    await expect(page.locator('.med-rate').filter({ hasText: '최근 7일 복용률' })).toContainText('100%');
    await checkA11y(page);
    await today.click();
    await expect(page.getByRole('heading', { name: /복용 내역/ })).toBeVisible();
    await expect(page.locator('.med-status-taken')).toHaveCount(1);

    // The medicine's page: stock after one intake, history.
    const [medication] = await api.data<Medication[]>('GET', apiPaths.medication.getMyMedications, {
      token: accessToken,
    });
    await navigate(page, '/homecare/medication/:idx', { idx: medication!.idx });
    await expect(page.getByRole('heading', { level: 2, name: '노바스크정5밀리그램' })).toBeVisible();
    await expect(page.getByText('남은 약: 29회분')).toBeVisible();
    await expect(page.getByRole('heading', { name: '복용 기록' })).toBeVisible();
    await checkA11y(page);
    expect(medication!.startDate).toBe(kstToday());
  });
});

// The screenshots of these screens, with weeks of history: medication-screenshots.spec.ts.
