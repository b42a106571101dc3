import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { EditorContent } from '@smartcare/contract/hospital-content';
import { ResultCode } from '@smartcare/contract/result-codes';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { api, createHospital, createPatient, createStaff, loginStaff } from '../../testing/factories.ts';
import { createPeopleService } from '../people/people.service.ts';
import { eraseContentReadsOfPatient } from './hospital-content.erasure.ts';
import { HOSPITAL_CONTENT_PUSH_JOB } from './hospital-content.module.ts';
import { createHospitalContentService, type ContentNotifier } from './hospital-content.service.ts';

/** Issue 14, decision 022: an important notice goes to the hospital's patients once. */
let t: TestApp;
let hospitalIdx: number;
let editor: string;
let patients: number[];
let outsider: number;

beforeAll(async () => {
  t = await buildTestApp();
  hospitalIdx = (await createHospital(t.app.db, { name: '알림병원' })).idx;
  const otherHospitalIdx = (await createHospital(t.app.db, { name: '옆병원' })).idx;
  editor = (await loginStaff(t.baseUrl, await createStaff(t.app.db, { hospitalIdx, role: 'ADMIN' })))
    .accessToken;
  patients = [];
  for (let i = 0; i < 5; i += 1)
    patients.push((await createPatient(t.app.db, { choseHospitalIdx: hospitalIdx })).idx);
  outsider = (await createPatient(t.app.db, { choseHospitalIdx: otherHospitalIdx })).idx;
});

afterAll(async () => {
  await t?.close();
});

const client = () => api(t.baseUrl);

async function createNotice(body: Record<string, unknown>): Promise<EditorContent> {
  const created = await client().post<EditorContent>(apiPaths.hospitalContent.create, {
    token: editor,
    body: { kind: 'NOTICE', category: '안내', title: '공지', body: '<p>내용</p>', ...body },
  });
  expect(created.code).toBe(ResultCode.SUCCESS);
  return created.data!;
}

const publish = (idx: number, publishAt?: string) =>
  client().put<EditorContent>(apiPaths.hospitalContent.publish, {
    token: editor,
    body: publishAt ? { idx, publishAt } : { idx },
  });

/** The stored notifications that open the given notice, per patient. */
async function noticeNotifications(contentIdx: number) {
  const { rows } = await t.app.db.query<{
    patient_idx: number;
    kind: string;
    title: string;
    deep_link: string;
  }>(
    `SELECT patient_idx, kind, title, deep_link FROM notifications WHERE deep_link = $1 ORDER BY patient_idx`,
    [`#/hospital/news/${contentIdx}`],
  );
  return rows;
}

/** A notifier that records each call (the real one stores and pushes). */
function recorder() {
  const calls: { patientIdx: number; deepLink: string }[] = [];
  const notifier: ContentNotifier = {
    async notify(patientIdx, input) {
      // Let the other pass interleave between the claim and the send.
      await new Promise((resolve) => setTimeout(resolve, 1));
      calls.push({ patientIdx, deepLink: input.deepLink });
    },
  };
  return { calls, notifier };
}

describe('important notices', () => {
  it("notifies every patient of the hospital once when published, opening the notice, and nobody else's", async () => {
    const notice = await createNotice({
      title: '주차장 공사 안내',
      important: true,
      body: '<p>지하 주차장이 공사 중입니다.</p>',
    });
    expect(notice.important).toBe(true);
    expect((await publish(notice.idx)).data!.status).toBe('PUBLISHED');
    // The publish asked for a pass; a pass of the job on top must not repeat it.
    await t.app.jobs.runNow(HOSPITAL_CONTENT_PUSH_JOB);
    await t.app.jobs.runNow(HOSPITAL_CONTENT_PUSH_JOB);

    const sent = await noticeNotifications(notice.idx);
    expect(sent.map((n) => n.patient_idx)).toEqual(patients);
    expect(sent.every((n) => n.kind === 'notice' && n.title === '주차장 공사 안내')).toBe(true);
    expect(sent.some((n) => n.patient_idx === outsider)).toBe(false);

    const after = await client().get<EditorContent>(apiPaths.hospitalContent.getEditorContent, {
      token: editor,
      query: { idx: notice.idx },
    });
    expect(after.data!.importantPushedAt).not.toBeNull();

    // Taken down and published again: still once.
    await client().put(apiPaths.hospitalContent.unpublish, { token: editor, body: { idx: notice.idx } });
    await publish(notice.idx);
    expect(await t.app.jobs.runNow(HOSPITAL_CONTENT_PUSH_JOB)).toBe(0);
    expect(await noticeNotifications(notice.idx)).toHaveLength(patients.length);
  });

  it('does not push an ordinary notice, a draft, or an FAQ entry marked important', async () => {
    const ordinary = await createNotice({ title: '일반 공지' });
    await publish(ordinary.idx);
    await createNotice({ title: '초안 공지', important: true });
    const faq = await client().post<EditorContent>(apiPaths.hospitalContent.create, {
      token: editor,
      body: { kind: 'FAQ', category: '진료', title: '진료 시간은?', body: '<p>9시부터</p>', important: true },
    });
    expect(faq.data!.important).toBe(false);
    await publish(faq.data!.idx);
    expect(await t.app.jobs.runNow(HOSPITAL_CONTENT_PUSH_JOB)).toBe(0);
    expect(await noticeNotifications(ordinary.idx)).toHaveLength(0);
    expect(await noticeNotifications(faq.data!.idx)).toHaveLength(0);
  });

  it('waits for a scheduled time, then pushes exactly once across two concurrent passes', async () => {
    const notice = await createNotice({ title: '독감 예방접종 일정', important: true });
    const later = new Date(Date.now() + 3_600_000).toISOString();
    expect((await publish(notice.idx, later)).data!.status).toBe('SCHEDULED');
    expect(await t.app.jobs.runNow(HOSPITAL_CONTENT_PUSH_JOB)).toBe(0);
    expect(await noticeNotifications(notice.idx)).toHaveLength(0);

    // Its time comes.
    await t.app.db.query(
      `UPDATE hospital_contents SET publish_at = now() - interval '1 second' WHERE idx = $1`,
      [notice.idx],
    );
    // Two server processes: two services over the same database, each with its own notifier.
    const people = createPeopleService({ db: t.app.db });
    const a = recorder();
    const b = recorder();
    const first = createHospitalContentService({ db: t.app.db, people, notifications: a.notifier });
    const second = createHospitalContentService({ db: t.app.db, people, notifications: b.notifier });
    const [countA, countB] = await Promise.all([first.pushDueImportant(), second.pushDueImportant()]);

    const all = [...a.calls, ...b.calls];
    expect(countA + countB).toBe(patients.length);
    expect(all.map((c) => c.patientIdx).sort((x, y) => x - y)).toEqual(patients);
    expect(new Set(all.map((c) => c.deepLink))).toEqual(new Set([`#/hospital/news/${notice.idx}`]));
    expect(await first.pushDueImportant()).toBe(0);
    expect(await second.pushDueImportant()).toBe(0);
  });

  it("honours the patient's notice switch: stored in the history, no push to the device", async () => {
    const [on, off] = [patients[0]!, patients[1]!];
    for (const patientIdx of [on, off])
      await t.app.db.query(
        `INSERT INTO web_push_subscriptions (patient_idx, endpoint, p256dh, auth) VALUES ($1, $2, 'k', 'a')`,
        [patientIdx, `https://push.example/${patientIdx}`],
      );
    await t.app.db.query(
      `INSERT INTO alarm_settings (patient_idx, notice) VALUES ($1, false)
       ON CONFLICT (patient_idx) DO UPDATE SET notice = false`,
      [off],
    );
    const notice = await createNotice({ title: '휴진 안내', important: true });
    await publish(notice.idx);
    await t.app.jobs.runNow(HOSPITAL_CONTENT_PUSH_JOB);
    const deliveries = async (patientIdx: number) =>
      (
        await t.app.db.one<{ n: number }>(
          `SELECT count(*)::int AS n FROM push_deliveries d JOIN notifications n ON n.idx = d.notification_idx
            WHERE n.patient_idx = $1 AND n.deep_link = $2`,
          [patientIdx, `#/hospital/news/${notice.idx}`],
        )
      ).n;
    expect(await deliveries(on)).toBe(1);
    expect(await deliveries(off)).toBe(0);
    expect((await noticeNotifications(notice.idx)).map((n) => n.patient_idx)).toContain(off);
  });
});

describe('account deletion', () => {
  it('erases which important notices were pushed to the patient', async () => {
    const patientIdx = patients[4]!;
    const before = await t.app.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM hospital_content_pushes WHERE patient_idx = $1`,
      [patientIdx],
    );
    expect(before.n).toBeGreaterThan(0);
    await t.app.db.transaction((tx) => eraseContentReadsOfPatient(tx, patientIdx));
    const after = await t.app.db.one<{ n: number }>(
      `SELECT count(*)::int AS n FROM hospital_content_pushes WHERE patient_idx = $1`,
      [patientIdx],
    );
    expect(after.n).toBe(0);
  });
});
