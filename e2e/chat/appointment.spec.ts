import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { Appointment } from '@smartcare/contract/appointment';
import { expect, navigate, test } from '../support/fixtures.ts';
import { settled } from '../support/settled.ts';
import { nurseOfThisTest, openPhone, phoneContext } from './two-people.ts';

/** `days` from today (Seoul) at `hh:mm` Seoul time: the ISO instant and the datetime-local value. */
function seoul(days: number, time: string) {
  const today = new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
  const instant = new Date(new Date(`${today}T${time}:00+09:00`).getTime() + days * 86_400_000);
  const local = new Date(instant.getTime() + 9 * 3_600_000).toISOString().slice(0, 16);
  return { iso: instant.toISOString(), local };
}

/** Issue 16: an appointment change request is accepted by staff and the patient sees it. */
test.describe('appointments', () => {
  test('the patient asks to change an appointment; staff accept it at the preferred time; the patient sees the new time', async ({
    page: staffPage,
    browser,
    baseURL,
    api,
    createStaff,
    createPatient,
    loginAsPatient,
    loginAsStaff,
    checkA11y,
  }) => {
    test.setTimeout(180_000);
    const staff = await nurseOfThisTest(api, createStaff);
    const staffTokens = await api.loginStaff(staff.account.loginId, staff.account.password);
    const patient = await createPatient({ hospitalIdx: staff.profile.hospitalIdx, name: '한서윤' });
    const booked = seoul(3, '10:00');
    const preferred = seoul(5, '14:00');
    await api.data<Appointment>('POST', apiPaths.appointment.create, {
      token: staffTokens.accessToken,
      body: {
        patientIdx: patient.idx,
        department: '내과',
        doctor: '김민준',
        startsAt: booked.iso,
        durationMin: 30,
        building: '본관',
        floor: '2층',
        room: '3진료실',
        type: 'OUTPATIENT',
        preparation: '8시간 금식',
        clientRequestId: crypto.randomUUID(),
      },
    });

    const phone = await openPhone(browser, baseURL!);
    const patientPage = await phone.newPage();
    try {
      await loginAsPatient(patientPage, patient.loginId, { password: patient.password });
      await navigate(patientPage, '/hospital/schedulemanage/list');
      await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('진료 일정');
      const upcoming = patientPage.getByRole('region', { name: '다가오는 일정' });
      await expect(upcoming.getByRole('heading', { level: 3 })).toContainText('D-3');
      await checkA11y(patientPage);

      await upcoming.getByRole('link').filter({ hasText: '외래 진료 · 내과' }).click();
      await expect(patientPage.getByRole('heading', { level: 1 })).toHaveText('일정 상세');
      await expect(patientPage.getByText('8시간 금식')).toBeVisible();
      // The phone's calendar: an .ics file with the time in UTC, the place and the preparation.
      const downloading = patientPage.waitForEvent('download');
      await patientPage.getByRole('button', { name: '휴대폰 캘린더에 추가 (.ics)' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^appointment-\d+\.ics$/);
      const ics = readFileSync((await download.path())!, 'utf8');
      expect(ics).toMatch(/^BEGIN:VCALENDAR\r\n/);
      expect(ics).toContain(`DTSTART:${booked.iso.replace(/[-:]/g, '').replace(/\.\d{3}/, '')}`);
      // (long lines are folded with CRLF + space, RFC 5545 §3.1)
      expect(ics.replace(/\r\n /g, '')).toContain('8시간 금식');
      await patientPage.getByRole('button', { name: '일정 변경 요청' }).click();
      // Nothing chosen: a Korean message, nothing sent.
      await patientPage.getByRole('button', { name: '요청 보내기' }).click();
      await expect(patientPage.getByText('희망 일시를 하나 이상 입력해 주세요')).toBeVisible();
      await checkA11y(patientPage);
      await patientPage.getByLabel('희망 일시 1').fill(preferred.local);
      await patientPage.getByLabel('병원에 남길 말 (선택)').fill('오후가 좋습니다');

      // Staff have the 진료 예약 tab open before the request is sent (decision 031: live, no polling).
      await loginAsStaff(staffPage, staff.account.loginId, { password: staff.account.password });
      await staffPage
        .getByRole('navigation', { name: '주 메뉴' })
        .getByRole('link', { name: '진료 예약' })
        .click();
      const requests = staffPage.getByRole('region', { name: '변경·취소 요청' });
      await expect(staffPage.getByRole('row').filter({ hasText: '한서윤' })).toContainText('예약');
      await expect(requests).not.toContainText('한서윤');

      await patientPage.getByRole('button', { name: '요청 보내기' }).click();
      await expect(patientPage.locator('.appt-detail .appt-status')).toHaveText('변경 요청 중');

      // The request queue and the week view show it without a reload; accept at the preferred time.
      await expect(requests).toContainText('한서윤 · 변경 요청');
      await expect(staffPage.getByRole('row').filter({ hasText: '한서윤' })).toContainText('변경 요청 중');
      await expect(requests).toContainText('오후가 좋습니다');
      await checkA11y(staffPage);
      await requests.getByRole('button', { name: '한서윤 님 요청 수락' }).click();
      await expect(requests).toContainText('처리할 요청이 없습니다.');
      await expect(staffPage.getByRole('row').filter({ hasText: '한서윤' })).toContainText('예약');

      // The appointment's history in the console: booked, the patient's request with their words, accepted.
      const row = staffPage.getByRole('row').filter({ hasText: '한서윤' });
      await row.getByRole('button', { name: '한서윤 님 예약 기록 보기' }).click();
      const drawer = staffPage.locator('.appt-drawer');
      const history = drawer.locator('.appt-history li');
      await expect(history).toHaveCount(3);
      await expect(history.nth(1)).toContainText('변경 요청');
      await expect(history.nth(1)).toContainText('오후가 좋습니다');
      await expect(history.nth(2)).toContainText('변경 수락');
      await checkA11y(staffPage);
      await drawer.getByRole('button', { name: '닫기' }).click();
      await expect(drawer).toBeHidden();
      // Not started yet: no 완료 button (the server refuses it too).
      await expect(row.getByRole('button', { name: '한서윤 님 진료 완료 처리' })).toHaveCount(0);
      // The reason dialog (cancel) and the appointment form, with their Korean refusals, pass axe.
      await row.getByRole('button', { name: '한서윤 님 예약 취소' }).click();
      const reasonDialog = staffPage.getByRole('dialog').filter({ hasText: '사유 (환자에게 보입니다)' });
      await reasonDialog.getByRole('button', { name: '예약 취소하기' }).click();
      await expect(reasonDialog.getByText('사유를 입력해 주세요.')).toBeVisible();
      await checkA11y(staffPage);
      await reasonDialog.getByRole('button', { name: '돌아가기' }).click();
      await expect(reasonDialog).toBeHidden();
      await staffPage.getByRole('button', { name: '예약 만들기' }).click();
      const form = staffPage.getByRole('dialog').filter({ hasText: '담당 의사' });
      await form.getByRole('button', { name: '저장' }).click();
      await expect(form.getByText('진료과 항목을 입력해 주세요.')).toBeVisible();
      await checkA11y(staffPage);
      await form.locator('.ant-modal-footer').getByRole('button', { name: '닫기' }).click();
      await expect(form).toBeHidden();

      // The patient sees the new time and the history, without a reload.
      await expect(patientPage.locator('.appt-detail .appt-status')).toHaveText('예약');
      const timeline = patientPage.locator('.appt-timeline li');
      await expect(timeline).toHaveCount(3);
      await expect(timeline.nth(2)).toContainText('변경 요청 수락');
      // The preferred time, as the phone shows it in Seoul (e.g. "2026. 11. 30. 오후 2:00").
      const [, month, dayOfMonth] = preferred.local.slice(0, 10).split('-').map(Number);
      const facts = patientPage.locator('.appt-facts');
      await expect(facts).toContainText(`${month}. ${dayOfMonth}.`);
      await expect(facts).toContainText('오후 2:00');
      await checkA11y(patientPage);

      // The patient asks to cancel with a reason; the clerk reads it in the queue and confirms.
      await patientPage.getByRole('button', { name: '예약 취소 요청' }).click();
      await patientPage.getByLabel('취소 사유 (선택)').fill('입원 일정과 겹칩니다');
      await checkA11y(patientPage);
      await patientPage.getByRole('button', { name: '취소 요청 보내기' }).click();
      await expect(patientPage.locator('.appt-detail .appt-status')).toHaveText('취소 요청 중');
      await expect(requests).toContainText('한서윤 · 취소 요청');
      await expect(requests).toContainText('환자의 말: 입원 일정과 겹칩니다');
      await requests.getByRole('button', { name: '한서윤 님 요청 수락' }).click();
      await expect(requests).toContainText('처리할 요청이 없습니다.');
      await expect(patientPage.locator('.appt-detail .appt-status')).toHaveText('취소됨');
      await expect(timeline.nth(3)).toContainText('입원 일정과 겹칩니다');

      // The personal-item form, with its Korean refusals, passes axe.
      await patientPage.goto('/#/hospital/schedulemanage/list?new=1');
      await patientPage.getByRole('button', { name: '저장' }).click();
      await expect(patientPage.getByText('일정 이름을 입력해 주세요')).toBeVisible();
      await checkA11y(patientPage);
    } finally {
      await phone.close();
    }
  });

  /** The new screens at 360 px and 200 % text and the console's tab, for docs/screenshots. */
  test(
    'appointment screenshots',
    { tag: '@screenshots' },
    async ({
      page: staffPage,
      browser,
      baseURL,
      api,
      createStaff,
      createPatient,
      loginAsPatient,
      loginAsStaff,
    }) => {
      test.setTimeout(240_000);
      const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots');
      mkdirSync(`${root}/patient/text-200`, { recursive: true });
      mkdirSync(`${root}/staff`, { recursive: true });
      const staff = await nurseOfThisTest(api, createStaff);
      const staffToken = (await api.loginStaff(staff.account.loginId, staff.account.password)).accessToken;
      const patient = await createPatient({ hospitalIdx: staff.profile.hospitalIdx, name: '김민지' });
      const book = (days: number, time: string, extra: Record<string, unknown>) =>
        api.data<Appointment>('POST', apiPaths.appointment.create, {
          token: staffToken,
          body: {
            patientIdx: patient.idx,
            startsAt: seoul(days, time).iso,
            durationMin: 30,
            clientRequestId: crypto.randomUUID(),
            ...extra,
          },
        });
      const outpatient = await book(3, '09:30', {
        department: '내과',
        doctor: '김민준',
        building: '본관',
        floor: '2층',
        room: '내과 3진료실',
        type: 'OUTPATIENT',
        preparation: '복용 중인 약과 지난 검사 결과지를 가져오세요.',
      });
      const exam = await book(5, '08:00', {
        department: '진단검사의학과',
        doctor: '이서연',
        building: '별관',
        floor: '1층',
        room: '채혈실',
        type: 'EXAM',
        preparation: '검사 전 8시간 금식해 주세요. 물은 조금 마셔도 됩니다.',
      });
      await api.data('PUT', apiPaths.appointment.requestChange, {
        token: patient.tokens.accessToken,
        body: {
          idx: exam.idx,
          preferredTimes: [seoul(6, '08:00').iso, seoul(7, '09:00').iso],
          note: '오전이 좋습니다',
        },
      });
      await api.data('POST', apiPaths.appointment.addPersonal, {
        token: patient.tokens.accessToken,
        body: {
          title: '약국에서 처방약 받기',
          startsAt: seoul(3, '11:00').iso,
          place: '온누리약국',
          clientRequestId: crypto.randomUUID(),
        },
      });

      const phone = await browser.newContext({
        baseURL: baseURL!,
        viewport: { width: 360, height: 780 },
        deviceScaleFactor: 1,
        // A phone's user agent, so the "use a phone" banner of desktop browsers stays away.
        userAgent: phoneContext.userAgent,
        isMobile: true,
        hasTouch: true,
        locale: 'ko-KR',
        timezoneId: 'Asia/Seoul',
      });
      const page = await phone.newPage();
      try {
        await loginAsPatient(page, patient.loginId, { password: patient.password });
        const shots: [string, () => Promise<void>][] = [
          ['appointment-list', () => navigate(page, '/hospital/schedulemanage/list')],
          [
            'appointment-detail',
            () => navigate(page, '/hospital/schedulemanage/:idx', { idx: outpatient.idx }),
          ],
          [
            'appointment-detail-change-requested',
            () => navigate(page, '/hospital/schedulemanage/:idx', { idx: exam.idx }),
          ],
          [
            'appointment-personal-form',
            async () => {
              await page.goto('/#/hospital/schedulemanage/list?new=1');
              await expect(page.getByLabel('일정 이름')).toBeVisible();
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
            await page.evaluate(async () => {
              // From the top, so the sticky header sits where it belongs in a full-page shot.
              window.scrollTo(0, 0);
              await document.fonts.ready;
            });
            const path =
              size === 'normal' ? `${root}/patient/${name}.png` : `${root}/patient/text-200/${name}.png`;
            await page.screenshot({ path, fullPage: true });
          }
        }

        await loginAsStaff(staffPage, staff.account.loginId, { password: staff.account.password });
        await staffPage
          .getByRole('navigation', { name: '주 메뉴' })
          .getByRole('link', { name: '진료 예약' })
          .click();
        await expect(staffPage.getByRole('row').filter({ hasText: '김민지' }).first()).toBeVisible();
        // The console scrolls inside its main area: a taller window shows the whole week.
        await staffPage.setViewportSize({ width: 1280, height: 1000 });
        await staffPage.screenshot({ path: `${root}/staff/appointments.png`, fullPage: true });
        await staffPage.setViewportSize({ width: 1280, height: 800 });
        await staffPage.getByRole('button', { name: '예약 만들기' }).click();
        await expect(staffPage.getByRole('dialog')).toBeVisible();
        await staffPage.screenshot({ path: `${root}/staff/appointment-form.png` });
      } finally {
        await phone.close();
      }
    },
  );
});
