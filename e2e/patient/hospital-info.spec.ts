import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, navigate, test } from '../support/fixtures.ts';
import { settled } from '../support/settled.ts';

/**
 * Issue 14, the patient's side of the hospital information on a 360 px phone: notices read
 * and unread, 초성 search, the FAQ opening in place, the service hub; axe on every screen.
 * Content is the demo hospital's (seedDemo), read by a fresh patient of the first hospital.
 */

const PARKING_GUIDE = '주차장 이용 안내';

test.describe('hospital information', () => {
  test.beforeEach(async ({ page, createPatient, loginAsPatient }) => {
    const patient = await createPatient();
    await loginAsPatient(page, patient.loginId, { password: patient.password });
  });

  test('a notice is unread until the patient opens it; the hub counts it', async ({ page, checkA11y }) => {
    await navigate(page, '/hospital/service/home');
    await settled(page);
    const unreadLink = page.getByRole('link', { name: /읽지 않은 공지 \d+건 보기/ });
    await expect(unreadLink).toBeVisible();
    const before = Number((await unreadLink.textContent())!.match(/(\d+)건/)![1]);
    expect(before).toBeGreaterThan(0);
    await checkA11y(page);

    await page.getByRole('link', { name: /^공지사항/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: '공지사항' })).toBeVisible();
    await settled(page);
    await checkA11y(page);
    // Pinned first: the first row is an important notice, and nothing is read yet.
    const first = page.locator('.hi-row').first();
    await expect(first).toContainText('중요');
    await expect(first).toContainText('안 읽음');
    const title = (await first.locator('.hi-row-title').textContent())!;

    await first.click();
    await expect(page.getByRole('heading', { level: 2, name: title })).toBeVisible();
    await settled(page);
    await checkA11y(page);

    await page.getByRole('button', { name: '뒤로 가기' }).click();
    const row = page.locator('.hi-row').filter({ hasText: title });
    await expect(row).toBeVisible();
    await expect(row).not.toContainText('안 읽음');

    await navigate(page, '/hospital/service/home');
    await expect(page.getByRole('link', { name: `읽지 않은 공지 ${before - 1}건 보기` })).toBeVisible();
  });

  test('searching ㅈㅊ finds the parking guide', async ({ page, checkA11y }) => {
    await navigate(page, '/hospital/guidesearch/list');
    await settled(page);
    // Nothing typed: categories to browse.
    await expect(page.getByRole('heading', { name: '분류별 안내' })).toBeVisible();
    await checkA11y(page);

    await page.getByRole('searchbox', { name: '안내 검색' }).fill('ㅈㅊ');
    const result = page.getByRole('link', { name: new RegExp(PARKING_GUIDE) });
    await expect(result).toBeVisible();
    await expect(result.locator('mark').first()).toHaveText('주차');
    await checkA11y(page);

    await result.click();
    await expect(page.getByRole('heading', { level: 2, name: PARKING_GUIDE })).toBeVisible();
    await settled(page);
    await checkA11y(page);

    await page.getByRole('button', { name: '뒤로 가기' }).click();
    await page.getByRole('searchbox', { name: '안내 검색' }).fill('헬리콥터착륙장');
    await expect(page.getByText('검색 결과가 없습니다')).toBeVisible();
    await expect(page.getByRole('link', { name: '상담 채팅으로 문의하기' })).toBeVisible();
  });

  test('an FAQ answer opens in place', async ({ page, checkA11y }) => {
    await navigate(page, '/hospital/news/faq');
    await settled(page);
    await page.getByRole('button', { name: '교통·주차' }).click();
    const question = page.getByRole('button', { name: /주차 요금은 얼마인가요/ });
    await expect(question).toHaveAttribute('aria-expanded', 'false');
    await question.click();
    await expect(question).toHaveAttribute('aria-expanded', 'true');
    const answer = page.locator(`#${await question.getAttribute('aria-controls')}`);
    await expect(answer).toBeVisible();
    await expect(answer).toContainText(/주차/);
    await checkA11y(page);
  });

  test('every tap target of the new screens is at least 44 px', async ({ page }) => {
    for (const route of [
      '/hospital/service/home',
      '/hospital/news/notice',
      '/hospital/news/faq',
      '/hospital/guidesearch/list',
    ] as const) {
      await navigate(page, route);
      await settled(page);
      const small = await page.evaluate(() =>
        Array.from(document.querySelectorAll('main a, main button, main input'))
          .map((el) => ({ el, box: el.getBoundingClientRect() }))
          .filter(({ box }) => box.width > 0 && box.height < 44)
          .map(({ el }) => `${el.tagName} "${(el.textContent ?? '').trim().slice(0, 20)}"`),
      );
      expect(small, route).toEqual([]);
    }
  });
});

test(
  'screenshots of the hospital information screens (360 px and 200 % text) for docs/screenshots/patient',
  { tag: '@screenshots' },
  async ({ page, createPatient, loginAsPatient }) => {
    test.setTimeout(180_000);
    const dir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots/patient');
    mkdirSync(`${dir}/text-200`, { recursive: true });
    const patient = await createPatient({ name: '김민지' });
    await loginAsPatient(page, patient.loginId, { password: patient.password });
    const shots: [string, () => Promise<void>][] = [
      ['hospital-service-home', () => navigate(page, '/hospital/service/home')],
      ['hospital-notice-list', () => navigate(page, '/hospital/news/notice')],
      [
        'hospital-notice-detail',
        async () => {
          await navigate(page, '/hospital/news/notice');
          await page.locator('.hi-row').first().click();
        },
      ],
      [
        'hospital-faq',
        async () => {
          await navigate(page, '/hospital/news/faq');
          await page.getByRole('button', { name: /주차 요금은 얼마인가요/ }).click();
        },
      ],
      ['hospital-guide-browse', () => navigate(page, '/hospital/guidesearch/list')],
      [
        'hospital-guide-search',
        async () => {
          await navigate(page, '/hospital/guidesearch/list');
          await page.getByRole('searchbox').fill('ㅈㅊ');
          await expect(page.getByText(/검색 결과 \d+건/)).toBeVisible();
        },
      ],
      [
        'hospital-guide-detail',
        async () => {
          await navigate(page, '/hospital/guidesearch/list');
          await page.getByRole('searchbox').fill('ㅈㅊ');
          await page.getByRole('link', { name: new RegExp(PARKING_GUIDE) }).click();
        },
      ],
    ];
    for (const size of ['normal', 'xlarge'] as const) {
      await page.evaluate((value) => localStorage.setItem('smartcare.textSize', value), size);
      await page.reload();
      for (const [name, open] of shots) {
        await open();
        await settled(page);
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => document.fonts.ready);
        const path = size === 'normal' ? `${dir}/${name}.png` : `${dir}/text-200/${name}.png`;
        await page.screenshot({ path, fullPage: true });
      }
    }
  },
);
