import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { Appointment } from '@smartcare/contract/appointment';
import type { DocumentRequest } from '@smartcare/contract/document-request';
import { expect, test } from '../support/fixtures.ts';
import { CONSOLE_SHOT_SIZES, consoleShotContext } from '../support/screenshot.ts';

const HOUR = 3_600_000;
const at = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

/**
 * Issue 16's console screens (진료 예약 with an appointment's history, 서류 발급 with an issued
 * certificate, 평가) at 1280 px, at 360 px and at 200 % text, for docs/screenshots/staff.
 */
test(
  'staff hospital-services screenshots at 1280 px, 360 px and 200 % text',
  { tag: '@screenshots' },
  async ({ browser, baseURL, api, createStaff, createPatient, loginAsStaff }) => {
    test.setTimeout(240_000);
    const admin = await createStaff({ role: 'ADMIN' });
    const staffToken = (await api.loginStaff(admin.loginId, admin.password)).accessToken;
    const patient = await createPatient({ hospitalIdx: admin.hospitalIdx, name: '윤하람' });
    const patientToken = (await api.loginPatient(patient.loginId, patient.password)).accessToken;
    const book = (startsAt: string, extra: Record<string, unknown> = {}) =>
      api.data<Appointment>('POST', apiPaths.appointment.create, {
        token: staffToken,
        body: {
          patientIdx: patient.idx,
          department: '내과',
          doctor: '김민준',
          startsAt,
          durationMin: 30,
          building: '본관',
          floor: '2층',
          room: '3진료실',
          type: 'OUTPATIENT',
          clientRequestId: crypto.randomUUID(),
          ...extra,
        },
      });
    // One moved at the patient's request (its history), one visit had and rated, one ahead.
    const asked = await book(at(30));
    await api.data('PUT', apiPaths.appointment.requestChange, {
      token: patientToken,
      body: { idx: asked.idx, preferredTimes: [at(78)], note: '오후가 좋습니다' },
    });
    // Accepted, so its history has three steps and no open request is left for other tests of
    // this (shared) hospital.
    await api.data('PUT', apiPaths.appointment.acceptRequest, {
      token: staffToken,
      body: { idx: asked.idx },
    });
    const had = await book(at(-2), { department: '정형외과', doctor: '이재훈' });
    await api.data('PUT', apiPaths.appointment.complete, { token: staffToken, body: { idx: had.idx } });
    await expect
      .poll(
        async () =>
          (
            await api.call('PUT', apiPaths.rating.submit, {
              token: patientToken,
              body: { kind: 'APPOINTMENT', idx: had.idx, stars: 4, tags: ['CLEAR_EXPLANATION'] },
            })
          ).envelope.code,
      )
      .toBe(0);
    await book(at(52), { type: 'EXAM', preparation: '8시간 금식' });
    // A certificate collected at the desk, issued.
    const requested = await api.data<DocumentRequest>('POST', apiPaths.documentRequest.create, {
      token: patientToken,
      body: {
        type: 'DIAGNOSIS',
        department: '내과',
        purpose: 'INSURANCE',
        copies: 1,
        language: 'KO',
        delivery: 'DESK',
        clientRequestId: crypto.randomUUID(),
      },
    });
    await api.data('PUT', apiPaths.documentRequest.review, {
      token: staffToken,
      body: { idx: requested.idx },
    });
    await api.data('PUT', apiPaths.documentRequest.issue, {
      token: staffToken,
      body: { idx: requested.idx, content: '병명: 급성 위장염 (K52.9)\n3일간 안정 가료를 요함.' },
    });

    const dir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots/staff');
    mkdirSync(`${dir}/text-200`, { recursive: true });
    const tab = (page: Page, name: string) =>
      page.getByRole('navigation', { name: '주 메뉴' }).getByRole('link', { name }).click();
    for (const [suffix, viewport, zoom] of CONSOLE_SHOT_SIZES) {
      const context = await consoleShotContext(browser, baseURL, viewport);
      const page = await context.newPage();
      const shot = async (name: string, fullPage = true) => {
        if (zoom !== '1') await page.evaluate((z) => (document.body.style.zoom = z), zoom);
        // Toasts gone, fonts in, animations settled.
        await expect(page.locator('.ant-message-notice')).toHaveCount(0, { timeout: 10_000 });
        await page.evaluate(() => document.fonts.ready);
        await page.waitForTimeout(400);
        await page.screenshot({
          path: suffix === 'text-200/' ? `${dir}/text-200/${name}.png` : `${dir}/${name}${suffix}.png`,
          fullPage,
        });
        if (zoom !== '1') await page.evaluate(() => (document.body.style.zoom = '1'));
      };
      try {
        await loginAsStaff(page, admin.loginId, { password: admin.password });
        await tab(page, '진료 예약');
        const row = page
          .getByRole('region', { name: '진료 예약' })
          .getByRole('row')
          .filter({ hasText: '윤하람' })
          .filter({ hasText: '외래 진료' })
          .filter({ hasText: '내과' });
        await expect(row).toBeVisible();
        if (suffix !== '') await shot('appointments');
        await row.getByRole('button', { name: '윤하람 님 예약 기록 보기' }).click();
        await expect(page.locator('.appt-drawer .appt-history li')).toHaveCount(3);
        await shot('appointment-history', false);
        await page.locator('.appt-drawer').getByRole('button', { name: '닫기' }).click();
        await expect(page.locator('.appt-drawer')).toBeHidden();

        await tab(page, '서류 발급');
        const docRow = page
          .getByRole('region', { name: '서류 발급 요청' })
          .getByRole('row')
          .filter({ hasText: '윤하람' });
        await expect(docRow).toContainText('발급 완료');
        if (suffix !== '') await shot('document-requests');
        await docRow.getByRole('button', { name: '윤하람 님의 진단서 요청 열기' }).click();
        await expect(page.getByRole('button', { name: '발급한 증명서 PDF 내려받기' })).toBeVisible();
        await shot('document-request-issued', false);
        await page.getByRole('dialog').getByRole('button', { name: '닫기' }).last().click();

        await tab(page, '평가');
        await expect(page.getByRole('row').filter({ hasText: '정형외과' }).first()).toBeVisible();
        await expect(page.getByRole('heading', { name: '진료·상담 평가' })).toBeVisible();
        if (suffix !== '') await shot('ratings');
      } finally {
        await context.close();
      }
    }
  },
);
