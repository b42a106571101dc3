import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { Content, NoticeSummary } from '@smartcare/contract/hospital-content';
import type { Page as Paged } from '@smartcare/contract/paging';
import { TELEMEDICINE_CONSENT_VERSION } from '@smartcare/contract/telemedicine';
import { withFakeMedia } from '../playwright.config.ts';
import { expect, patientRoutes, test } from '../support/fixtures.ts';
import { screenshotFromTop } from '../support/screenshot.ts';

// issue 17: the waiting room opens the camera and microphone (fake ones, permission granted)
test.use({ launchOptions: withFakeMedia });

/**
 * Issue 10 point 8: every patient route at 200 % text on a 360 px phone — once through the
 * in-app 글자 크기 (아주 크게) and once through the browser's own text size (Chromium's
 * default font size 16 → 32 px, what a phone's system setting does) — reflows: no sideways
 * scrolling, no clipped or ellipsised text, no text spilling out of its box.
 */

const TEXT_SIZE_KEY = 'smartcare.textSize';

/** A concrete address for each pattern (`:idx` → 1, `:termsCode` → SERVICE). */
const concreteRoutes = patientRoutes.map((route) =>
  route.replace(':termsCode', 'SERVICE').replace(/:[A-Za-z]+/g, '1'),
);

/** What does not reflow on the current screen, in words a failure message can show. */
async function reflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const describe = (el: Element) =>
      `<${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? ` class="${el.className}"` : ''}> "${(el.textContent ?? '').trim().slice(0, 30)}"`;
    const root = document.scrollingElement ?? document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1)
      out.push(`the page scrolls sideways (${root.scrollWidth} > ${root.clientWidth} px)`);
    const width = window.innerWidth;
    for (const el of Array.from(document.querySelectorAll('body *'))) {
      if (!(el instanceof HTMLElement)) continue;
      const style = getComputedStyle(el);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const box = el.getBoundingClientRect();
      // Visually hidden labels (1 px, clipped) are meant for screen readers only.
      if (box.width <= 1 || box.height <= 1 || style.clip !== 'auto' || style.clipPath !== 'none') continue;
      const ownText = Array.from(el.childNodes).some(
        (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
      );
      const hasText = (el.textContent ?? '').trim() !== '';
      if (!hasText) continue;
      const wider = el.scrollWidth > el.clientWidth + 1;
      const taller = el.scrollHeight > el.clientHeight + 1;
      if (style.textOverflow === 'ellipsis' && wider) out.push(`ellipsised: ${describe(el)}`);
      else if (['auto', 'scroll'].includes(style.overflowX) && wider && el.tagName !== 'TEXTAREA')
        out.push(`scrolls sideways: ${describe(el)}`);
      else if (['hidden', 'clip'].includes(style.overflowX) && wider)
        out.push(`clipped across: ${describe(el)}`);
      else if (['hidden', 'clip'].includes(style.overflowY) && taller && ownText)
        out.push(`clipped below: ${describe(el)}`);
      // Text wider than its box (a tile's label past its border): named at the innermost such box.
      else if (
        wider &&
        style.overflowX === 'visible' &&
        el.clientWidth > 0 &&
        !Array.from(el.children).some(
          (child) => child.scrollWidth > child.clientWidth + 1 && child.clientWidth > 0,
        )
      )
        out.push(`text spills out: ${describe(el)}`);
      // Past the screen's edge, named at the innermost element that is (the cause, not its parents).
      const outside = (e: Element) => {
        const r = e.getBoundingClientRect();
        return r.width > 1 && (r.right > width + 1 || r.left < -1);
      };
      if (outside(el) && !Array.from(el.children).some(outside))
        out.push(`outside the screen: ${describe(el)}`);
    }
    return [...new Set(out)];
  });
}

/**
 * Words of the screen's title broken inside though they would fit on the header's line beside
 * the back button ("의료진에 / 게 묻기", when the title had 150 px between two 96 px slots).
 */
async function brokenTitleWords(page: Page): Promise<string[]> {
  return page
    .locator('h1')
    .first()
    .evaluate((h1) => {
      const out: string[] = [];
      const walker = document.createTreeWalker(h1, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const match of text.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set(Array.from(range.getClientRects()).map((r) => Math.round(r.top)));
          const width = Array.from(range.getClientRects()).reduce((sum, r) => sum + r.width, 0);
          // A word that fits beside the back button (a 96 px slot at 200 %) must not break.
          if (lines.size > 1 && width <= window.innerWidth - 120)
            out.push(`the title breaks inside "${match[0]}"`);
        }
      }
      return out;
    });
}

/** The h1's size: proves the text really is twice as large as at 100 %. */
const titleSize = (page: Page) =>
  page
    .locator('h1')
    .first()
    .evaluate((h1) => parseFloat(getComputedStyle(h1).fontSize));

/**
 * The hospital information's detail routes show an item of the patient's own hospital (another
 * hospital's idx 1 is a 404): a real notice and a real guide of it, found in `beforeEach`.
 */
let ownItems = { notice: 1, guide: 1, documentRequest: 1, question: 1, scheduleItem: 1 };
// issue 15 — medication reminders: the detail route shows a medicine of the patient's own.
let ownMedication = 1;
// issue 17 — telemedicine: the visit detail route shows a visit booked for this patient.
let ownTelemedicineVisit = 1;

async function walkEveryRoute(page: Page, sizeAt100: number): Promise<string[]> {
  const problems: string[] = [];
  const routes = concreteRoutes.map((route) =>
    route === '/hospital/news/1'
      ? `/hospital/news/${ownItems.notice}`
      : route === '/hospital/guidesearch/1'
        ? `/hospital/guidesearch/${ownItems.guide}`
        : route === '/homecare/medication/1'
          ? `/homecare/medication/${ownMedication}`
          : // issue 16: the patient's own document request (another's idx 1 is a 404)
            route === '/hospital/documentrequest/1'
            ? `/hospital/documentrequest/${ownItems.documentRequest}`
            : // issue 17 Q&A and issue 16 appointments: the patient's own question and schedule item
              route === '/homecare/qna/1'
              ? `/homecare/qna/${ownItems.question}`
              : route === '/hospital/schedulemanage/1'
                ? `/hospital/schedulemanage/${ownItems.scheduleItem}`
                : // issue 17 — telemedicine: a visit booked for this patient; the device check
                  // and the waiting room (then the call screen) open with it too
                  route === '/homecare/telemedicine/1'
                  ? `/homecare/telemedicine/${ownTelemedicineVisit}`
                  : route === '/homecare/telemedicine/config' || route === '/homecare/telemedicine/videocall'
                    ? `${route}?visitIdx=${ownTelemedicineVisit}`
                    : route,
  );
  for (const route of routes) {
    await page.goto(`/#${route}`);
    await expect(page.locator('h1').first()).toBeVisible();
    // Let lazy screens, queries and web fonts settle before measuring.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => document.fonts.ready);
    const size = await titleSize(page);
    if (size < sizeAt100 * 1.85)
      problems.push(`${route}: the title is ${size} px, not 200 % of ${sizeAt100} px`);
    for (const problem of await reflowProblems(page)) problems.push(`${route}: ${problem}`);
    for (const problem of await brokenTitleWords(page)) problems.push(`${route}: ${problem}`);
  }
  return problems;
}

test.describe('200 % text on a 360 px phone', () => {
  // About 80 routes per way of enlarging the text.
  test.setTimeout(300_000);

  test.beforeEach(async ({ page, api, createPatient, loginAsPatient, createStaff }) => {
    const patient = await createPatient();
    await loginAsPatient(page, patient.loginId, { password: patient.password });
    const token = patient.tokens.accessToken;
    const notices = await api.data<Paged<NoticeSummary>>('GET', apiPaths.hospitalContent.getNoticeList, {
      token,
    });
    const guides = await api.data<Content[]>('GET', apiPaths.hospitalContent.getGuideList, { token });
    // issue 15 — quiet hours on, so /common/alarm shows its two time fields (the widest
    // controls of that screen, "오후 10:00" in Korean) and they are measured too
    await api.data('PUT', apiPaths.patient.alarmUpdate, {
      token,
      body: { quietHoursEnabled: true, quietHoursStart: '22:00', quietHoursEnd: '07:00' },
    });
    // issue 15 — medication reminders: a medicine of this patient's, with a dose due today
    const kstNow = new Date(Date.now() + 9 * 3_600_000).toISOString();
    ownMedication = (
      await api.data<{ idx: number }>('POST', apiPaths.medication.add, {
        token,
        body: {
          name: '노바스크정5밀리그램',
          strength: '5mg',
          form: 'TABLET',
          dosePerIntake: 1,
          times: [kstNow.slice(11, 16)],
          startDate: kstNow.slice(0, 10),
          stock: 3,
          refillThreshold: 3,
        },
      })
    ).idx;
    // issue 16: a document request of the patient's own, for /hospital/documentrequest/:idx
    const documentRequest = await api.data<{ idx: number }>('POST', apiPaths.documentRequest.create, {
      token,
      body: {
        type: 'DIAGNOSIS',
        department: '내과',
        purpose: 'INSURANCE',
        copies: 1,
        language: 'KO',
        delivery: 'APP_PDF',
        clientRequestId: crypto.randomUUID(),
      },
    });
    // issue 17 (Q&A) and issue 16 (appointments): a question and a personal schedule item of the patient's own
    const question = await api.data<{ idx: number }>('POST', apiPaths.qna.createQuestion, {
      token,
      body: {
        category: 'SYMPTOM',
        title: '아침마다 어지러워요',
        text: '일어날 때마다 어지럽습니다. 혈압약 때문일까요?',
        clientRequestId: crypto.randomUUID(),
      },
    });
    const scheduleItem = await api.data<{ idx: number }>('POST', apiPaths.appointment.addPersonal, {
      token,
      body: {
        title: '약국 방문',
        startsAt: new Date(Date.now() + 3 * 86_400_000).toISOString(),
        clientRequestId: crypto.randomUUID(),
      },
    });
    ownItems = {
      notice: notices.dataList[0]!.idx,
      guide: guides[0]!.idx,
      documentRequest: documentRequest.idx,
      question: question.idx,
      scheduleItem: scheduleItem.idx,
    };
    // issue 17 — telemedicine: a clinician of the patient's hospital books a visit whose waiting
    // room is open now, and the patient has agreed to the consent, so the videocall route shows the
    // real waiting room (fake camera and microphone) rather than "not yet open"
    const clinician = await createStaff({
      role: 'NURSE',
      hospitalIdx: patient.profile.choseHospitalIdx ?? undefined,
    });
    const staffToken = (await api.loginStaff(clinician.loginId, clinician.password)).accessToken;
    ownTelemedicineVisit = (
      await api.data<{ visitIdx: number }>('POST', apiPaths.telemedicine.book, {
        token: staffToken,
        body: {
          patientIdx: patient.idx,
          staffIdx: clinician.idx,
          department: '내과',
          scheduledAt: new Date(Date.now() + 5 * 60_000).toISOString(),
          durationMin: 20,
          reason: '혈압약 복용 후 어지러움 상담',
          preparation: '최근 일주일 혈압 기록',
        },
      })
    ).visitIdx;
    await api.data('PUT', apiPaths.telemedicine.agreeConsent, {
      token,
      body: { version: TELEMEDICINE_CONSENT_VERSION },
    });
  });

  async function titleSizeAt100(page: Page): Promise<number> {
    await page.goto('/#/hospital/setting/home');
    await expect(page.locator('h1').first()).toBeVisible();
    return titleSize(page);
  }

  test('the in-app 글자 크기 "아주 크게" reflows every screen @textsize', async ({ page }) => {
    const at100 = await titleSizeAt100(page);
    // Chosen in the settings as a patient would.
    await page.getByRole('radio', { name: '아주 크게' }).check();
    expect(await titleSize(page)).toBeGreaterThanOrEqual(at100 * 1.85);
    expect(await page.evaluate((key) => localStorage.getItem(key), TEXT_SIZE_KEY)).toBe('xlarge');
    expect(await walkEveryRoute(page, at100)).toEqual([]);
  });

  test('the browser’s own text size at 200 % reflows every screen @textsize', async ({ page }) => {
    const at100 = await titleSizeAt100(page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Page.setFontSizes', { fontSizes: { standard: 32, fixed: 26 } });
    expect(await walkEveryRoute(page, at100)).toEqual([]);
  });
});

test(
  'screenshots at 200 % text (in-app 아주 크게) for docs/screenshots/patient/text-200',
  { tag: '@screenshots' },
  async ({ page, createPatient, loginAsPatient }) => {
    test.setTimeout(180_000);
    const dir = resolve(dirname(fileURLToPath(import.meta.url)), '../../docs/screenshots/patient/text-200');
    mkdirSync(dir, { recursive: true });
    const patient = await createPatient({ name: '김민지' });
    await loginAsPatient(page, patient.loginId, { password: patient.password });
    await page.evaluate((key) => localStorage.setItem(key, 'xlarge'), TEXT_SIZE_KEY);
    const screens: [string, string][] = [
      ['hospital-home', '/hospital/home'],
      ['homecare-home', '/homecare/home'],
      ['settings', '/hospital/setting/home'],
      ['alarm-settings', '/hospital/common/alarm'],
      ['agree-list', '/hospital/common/agreelist'],
      ['patient-delete', '/hospital/common/patientdelete'],
      ['nurse-call', '/hospital/nursecalling/list'],
      ['consulting-chat', '/hospital/consulting/chat'],
      ['account-deletion', '/account-deletion'],
      ['sign-up', '/sign-up'],
    ];
    for (const [name, route] of screens) {
      await page.goto(`/#${route}`);
      await page.reload();
      await expect(page.locator('h1').first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      // 360 px wide like every other patient screenshot (the phone project renders at 3×)
      await screenshotFromTop(page, `${dir}/${name}.png`);
    }
  },
);
