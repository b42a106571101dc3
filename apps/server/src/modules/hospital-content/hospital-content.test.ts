import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, apiPaths } from '@smartcare/contract/api-paths';
import {
  CONTENT_IMAGE_MAX_BYTES,
  contentFileUrl,
  type Content,
  type ContentChange,
  type ContentFile,
  type EditorContent,
  type NoticeSummary,
} from '@smartcare/contract/hospital-content';
import type { Page } from '@smartcare/contract/paging';
import { ResultCode } from '@smartcare/contract/result-codes';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import {
  api,
  createHospital,
  createPatient,
  createStaff,
  loginPatient,
  loginStaff,
} from '../../testing/factories.ts';
import { HOSPITAL_CONTENT_PURGE_JOB } from './hospital-content.module.ts';
import { OWASP_XSS_PAYLOADS } from './xss-payloads.ts';

/** Issue 14: hospital information, per hospital, written by its administrators. */
let t: TestApp;
let hospitalIdx: number;
let otherHospitalIdx: number;
let editor: string;
let otherEditor: string;
let nurse: string;
let patient: string;
let otherPatient: string;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

beforeAll(async () => {
  t = await buildTestApp();
  hospitalIdx = (await createHospital(t.app.db, { name: '정보병원' })).idx;
  otherHospitalIdx = (await createHospital(t.app.db, { name: '다른병원' })).idx;
  const staffToken = async (hospital: number, role: 'ADMIN' | 'NURSE') =>
    (await loginStaff(t.baseUrl, await createStaff(t.app.db, { hospitalIdx: hospital, role }))).accessToken;
  editor = await staffToken(hospitalIdx, 'ADMIN');
  otherEditor = await staffToken(otherHospitalIdx, 'ADMIN');
  nurse = await staffToken(hospitalIdx, 'NURSE');
  const patientToken = async (hospital: number) =>
    (await loginPatient(t.baseUrl, await createPatient(t.app.db, { choseHospitalIdx: hospital })))
      .accessToken;
  patient = await patientToken(hospitalIdx);
  otherPatient = await patientToken(otherHospitalIdx);
});

afterAll(async () => {
  await t?.close();
});

const client = () => api(t.baseUrl);

async function create(token: string, body: Record<string, unknown>) {
  return client().post<EditorContent>(apiPaths.hospitalContent.create, {
    token,
    body: { kind: 'NOTICE', category: '공지', title: '공지', body: '<p>내용</p>', ...body },
  });
}

async function published(body: Record<string, unknown>, token = editor): Promise<EditorContent> {
  const created = await create(token, body);
  expect(created.code).toBe(ResultCode.SUCCESS);
  const result = await client().put<EditorContent>(apiPaths.hospitalContent.publish, {
    token,
    body: { idx: created.data!.idx },
  });
  expect(result.data!.status).toBe('PUBLISHED');
  return result.data!;
}

const upload = (token: string, data: Buffer, fileName = 'map.png') =>
  client().post<ContentFile>(apiPaths.hospitalContent.uploadFile, {
    token,
    body: { fileName, dataBase64: data.toString('base64') },
  });

const noticeTitles = async (token: string) =>
  (
    await client().get<Page<NoticeSummary>>(apiPaths.hospitalContent.getNoticeList, {
      token,
      query: { pSize: 100 },
    })
  ).data!.dataList.map((n) => n.title);

describe('rich text from editors', () => {
  it('is stored sanitised for every OWASP payload, and titles stay plain text', async () => {
    for (const payload of OWASP_XSS_PAYLOADS) {
      const created = await create(editor, { title: payload.slice(0, 200), body: `<p>안내</p>${payload}` });
      expect(created.code, payload).toBe(ResultCode.SUCCESS);
      const stored = await t.app.db.one<{ body: string; title: string }>(
        'SELECT body, title FROM hospital_contents WHERE idx = $1',
        [created.data!.idx],
      );
      expect(stored.body, payload).not.toMatch(
        /<script|<iframe|<svg|<style|<object|<embed|<meta|<base|\son[a-z]+\s*=/i,
      );
      expect(stored.body, payload).not.toMatch(/(href|src)="\s*(javascript|vbscript|data):/i);
      // A title is text: the apps render it as text, so it is kept exactly as written.
      expect(stored.title).toBe(payload.slice(0, 200).trim());
    }
  });

  it('refuses a body with no words and an image from another hospital', async () => {
    const empty = await create(editor, { body: '<script>alert(1)</script>' });
    expect(empty.code).toBe(ResultCode.VALIDATION_FAILED);
    const theirs = await upload(otherEditor, PNG);
    const borrowed = await create(editor, { body: `<p>지도</p><img src="${theirs.data!.url}">` });
    expect(borrowed.code).toBe(ResultCode.VALIDATION_FAILED);
    const attached = await create(editor, { attachmentKeys: [theirs.data!.fileKey] });
    expect(attached.code).toBe(ResultCode.VALIDATION_FAILED);
  });
});

describe('publishing', () => {
  it('shows a scheduled notice only from its time, and hides it when unpublished', async () => {
    const draft = await create(editor, { title: '12월 외래 휴진 안내' });
    expect(draft.data!.status).toBe('DRAFT');
    expect(await noticeTitles(patient)).not.toContain('12월 외래 휴진 안내');

    const later = new Date(Date.now() + 3_600_000).toISOString();
    const scheduled = await client().put<EditorContent>(apiPaths.hospitalContent.publish, {
      token: editor,
      body: { idx: draft.data!.idx, publishAt: later },
    });
    expect(scheduled.data).toMatchObject({ status: 'SCHEDULED', publishAt: later });
    expect(await noticeTitles(patient)).not.toContain('12월 외래 휴진 안내');
    const early = await client().get(apiPaths.hospitalContent.getContent, {
      token: patient,
      query: { idx: draft.data!.idx },
    });
    expect(early.code).toBe(ResultCode.NOT_FOUND);

    // The hour passes.
    await t.app.db.query(
      `UPDATE hospital_contents SET publish_at = now() - interval '1 minute' WHERE idx = $1`,
      [draft.data!.idx],
    );
    expect(await noticeTitles(patient)).toContain('12월 외래 휴진 안내');

    const down = await client().put<EditorContent>(apiPaths.hospitalContent.unpublish, {
      token: editor,
      body: { idx: draft.data!.idx },
    });
    expect(down.data!.status).toBe('UNPUBLISHED');
    expect(await noticeTitles(patient)).not.toContain('12월 외래 휴진 안내');

    await client().put(apiPaths.hospitalContent.publish, { token: editor, body: { idx: draft.data!.idx } });
    expect(await noticeTitles(patient)).toContain('12월 외래 휴진 안내');
  });

  it('lists pinned notices first, then newest, each unread until the patient opens it', async () => {
    const old = await published({ title: '고정 공지: 주차장 공사', pinned: true });
    await t.app.db.query(
      `UPDATE hospital_contents SET publish_at = now() - interval '10 days' WHERE idx = $1`,
      [old.idx],
    );
    const fresh = await published({ title: '새 공지: 독감 예방접종' });
    const page = await client().get<Page<NoticeSummary>>(apiPaths.hospitalContent.getNoticeList, {
      token: patient,
      query: { pNum: 1, pSize: 2 },
    });
    expect(page.data!.dataList.map((n) => n.title)).toEqual([
      '고정 공지: 주차장 공사',
      '새 공지: 독감 예방접종',
    ]);
    expect(page.data!.dataList.every((n) => !n.read)).toBe(true);
    expect(page.data!.totalCount).toBeGreaterThanOrEqual(2);

    const opened = await client().get<Content>(apiPaths.hospitalContent.getContent, {
      token: patient,
      query: { idx: fresh.idx },
    });
    expect(opened.data).toMatchObject({
      title: '새 공지: 독감 예방접종',
      body: '<p>내용</p>',
      kind: 'NOTICE',
    });
    const after = await client().get<Page<NoticeSummary>>(apiPaths.hospitalContent.getNoticeList, {
      token: patient,
      query: { pNum: 1, pSize: 2 },
    });
    expect(after.data!.dataList.map((n) => n.read)).toEqual([false, true]);
  });

  it('lists FAQ and guides by category and order, with their categories', async () => {
    await published({ kind: 'FAQ', category: '면회', title: '면회 시간은 언제인가요?', sortOrder: 2 });
    await published({ kind: 'FAQ', category: '면회', title: '몇 명까지 면회할 수 있나요?', sortOrder: 1 });
    await published({ kind: 'FAQ', category: '주차', title: '주차 요금은 얼마인가요?', sortOrder: 3 });
    const faq = await client().get<Content[]>(apiPaths.hospitalContent.getFaqList, {
      token: patient,
      query: { category: '면회' },
    });
    expect(faq.data!.map((f) => f.title)).toEqual(['몇 명까지 면회할 수 있나요?', '면회 시간은 언제인가요?']);
    const categories = await client().get(apiPaths.hospitalContent.getCategories, {
      token: patient,
      query: { kind: 'FAQ' },
    });
    expect(categories.data).toEqual([
      { category: '면회', count: 2 },
      { category: '주차', count: 1 },
    ]);
  });
});

describe('guides with an image, attachments and related guides', () => {
  it('keeps the image and PDF, serves them with their type, and links only published related guides', async () => {
    const image = await upload(editor, PNG, '층별 안내도.png');
    expect(image.data).toMatchObject({ contentType: 'image/png', sizeBytes: PNG.byteLength });
    const pdf = await upload(editor, PDF, '주차 요금표.pdf');
    expect(pdf.data!.contentType).toBe('application/pdf');

    const parking = await published({ kind: 'GUIDE', category: '주차', title: '주차 요금 안내' });
    const draftGuide = await create(editor, { kind: 'GUIDE', category: '주차', title: '주차장 공사 안내' });
    const guide = await published({
      kind: 'GUIDE',
      category: '층별 안내',
      title: '본관 층별 안내',
      body: `<h2>본관</h2><p>1층 원무과</p><img src="${image.data!.url}" alt="층별 안내도">`,
      keywords: '층별, 안내도, 지도',
      imageKey: image.data!.fileKey,
      attachmentKeys: [pdf.data!.fileKey],
      relatedIdxs: [parking.idx, draftGuide.data!.idx],
    });
    const seen = await client().get<Content>(apiPaths.hospitalContent.getContent, {
      token: patient,
      query: { idx: guide.idx },
    });
    expect(seen.data!.image!.fileKey).toBe(image.data!.fileKey);
    expect(seen.data!.attachments.map((a) => a.fileName)).toEqual(['주차 요금표.pdf']);
    expect(seen.data!.relatedIdxs).toEqual([parking.idx]);
    expect(seen.data!.body).toContain(
      `<img src="${contentFileUrl(image.data!.fileKey)}" alt="층별 안내도" />`,
    );

    const bytes = await fetch(`${t.baseUrl}${image.data!.url}`);
    expect(bytes.headers.get('content-type')).toBe('image/png');
    expect(bytes.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await bytes.arrayBuffer()).equals(PNG)).toBe(true);
    const download = await fetch(`${t.baseUrl}${pdf.data!.url}`);
    expect(download.headers.get('content-disposition')).toMatch(/^attachment;/);
    expect(
      (await fetch(`${t.baseUrl}${API_PREFIX}/hospitalContent/getFile?key=${'0'.repeat(32)}`)).status,
    ).toBe(404);
  });

  it('refuses files that are not images or PDF by their bytes, and files over the limit', async () => {
    const html = await upload(editor, Buffer.from('<svg onload="alert(1)"></svg>'), 'map.png');
    expect(html.code).toBe(ResultCode.CONTENT_FILE_TYPE_NOT_ALLOWED);
    const big = Buffer.concat([PNG, Buffer.alloc(CONTENT_IMAGE_MAX_BYTES)]);
    const tooLarge = await upload(editor, big);
    expect(tooLarge.code).toBe(ResultCode.CONTENT_FILE_TOO_LARGE);
    const { rows } = await t.app.db.query(`SELECT 1 FROM hospital_content_files WHERE size_bytes > $1`, [
      CONTENT_IMAGE_MAX_BYTES,
    ]);
    expect(rows).toEqual([]);
  });
});

describe('each hospital sees and edits only its own content', () => {
  it('keeps patients and editors of another hospital out of every call', async () => {
    const ours = await published({ kind: 'GUIDE', category: '면회', title: '우리 병원 면회 안내' });
    const idx = ours.idx;
    const outsiderPatient = [
      client().get(apiPaths.hospitalContent.getContent, { token: otherPatient, query: { idx } }),
    ];
    for (const response of await Promise.all(outsiderPatient))
      expect(response.code).toBe(ResultCode.NOT_FOUND);
    const theirGuides = await client().get<Content[]>(apiPaths.hospitalContent.getGuideList, {
      token: otherPatient,
    });
    expect(theirGuides.data!.map((g) => g.title)).not.toContain('우리 병원 면회 안내');
    expect(await noticeTitles(otherPatient)).toEqual([]);
    const theirCategories = await client().get(apiPaths.hospitalContent.getCategories, {
      token: otherPatient,
      query: { kind: 'GUIDE' },
    });
    expect(theirCategories.data).toEqual([]);

    const body = { idx };
    const refused = await Promise.all([
      client().get(apiPaths.hospitalContent.getEditorContent, { token: otherEditor, query: { idx } }),
      client().get(apiPaths.hospitalContent.getChanges, { token: otherEditor, query: { idx } }),
      client().put(apiPaths.hospitalContent.update, {
        token: otherEditor,
        body: { idx, category: '면회', title: '바꿈', body: '<p>바꿈</p>' },
      }),
      client().put(apiPaths.hospitalContent.publish, { token: otherEditor, body }),
      client().put(apiPaths.hospitalContent.unpublish, { token: otherEditor, body }),
      client().delete(apiPaths.hospitalContent.delete, { token: otherEditor, body }),
      client().put(apiPaths.hospitalContent.restore, { token: otherEditor, body }),
    ]);
    for (const response of refused) expect(response.code).toBe(ResultCode.NOT_FOUND);
    const theirList = await client().get<EditorContent[]>(apiPaths.hospitalContent.getEditorList, {
      token: otherEditor,
      query: { kind: 'GUIDE' },
    });
    expect(theirList.data!.map((c) => c.idx)).not.toContain(idx);
    const related = await create(otherEditor, { kind: 'GUIDE', relatedIdxs: [idx] });
    expect(related.code).toBe(ResultCode.VALIDATION_FAILED);

    const unchanged = await client().get<Content>(apiPaths.hospitalContent.getContent, {
      token: patient,
      query: { idx },
    });
    expect(unchanged.data!.title).toBe('우리 병원 면회 안내');
  });

  it('lets only administrators write', async () => {
    expect((await create(nurse, {})).code).toBe(ResultCode.FORBIDDEN);
    expect((await upload(nurse, PNG)).code).toBe(ResultCode.FORBIDDEN);
    const list = await client().get(apiPaths.hospitalContent.getEditorList, {
      token: nurse,
      query: { kind: 'NOTICE' },
    });
    expect(list.code).toBe(ResultCode.FORBIDDEN);
    expect((await create(patient, {})).code).toBe(ResultCode.NOT_LOGGED_IN);
  });

  it('asks a patient without a chosen hospital to choose one', async () => {
    const unchosen = (
      await loginPatient(t.baseUrl, await createPatient(t.app.db, { choseHospitalIdx: null }))
    ).accessToken;
    const response = await client().get(apiPaths.hospitalContent.getNoticeList, { token: unchosen });
    expect(response.code).toBe(ResultCode.HOSPITAL_NOT_CHOSEN);
  });
});

describe('deleting and restoring', () => {
  it('hides a deleted item at once, restores it within 30 days, and keeps who did what', async () => {
    const notice = await published({ title: '삭제될 공지' });
    const deleted = await client().delete<EditorContent>(apiPaths.hospitalContent.delete, {
      token: editor,
      body: { idx: notice.idx },
    });
    expect(deleted.data!.status).toBe('DELETED');
    expect(deleted.data!.restorableUntil).not.toBeNull();
    expect(await noticeTitles(patient)).not.toContain('삭제될 공지');
    const bin = await client().get<EditorContent[]>(apiPaths.hospitalContent.getEditorList, {
      token: editor,
      query: { kind: 'NOTICE', deleted: 'true' },
    });
    expect(bin.data!.map((c) => c.title)).toContain('삭제될 공지');

    const restored = await client().put<EditorContent>(apiPaths.hospitalContent.restore, {
      token: editor,
      body: { idx: notice.idx },
    });
    expect(restored.data!.status).toBe('PUBLISHED');
    expect(await noticeTitles(patient)).toContain('삭제될 공지');

    const changes = await client().get<ContentChange[]>(apiPaths.hospitalContent.getChanges, {
      token: editor,
      query: { idx: notice.idx },
    });
    expect(changes.data!.map((c) => c.action)).toEqual(['RESTORE', 'DELETE', 'PUBLISH', 'CREATE']);
    expect(changes.data!.every((c) => c.staffName === '이간호')).toBe(true);
    expect(restored.data!.updatedByName).toBe('이간호');
  });

  it('refuses to restore after 30 days, and the purge job removes such items', async () => {
    const notice = await published({ title: '오래전 삭제된 공지' });
    await client().delete(apiPaths.hospitalContent.delete, { token: editor, body: { idx: notice.idx } });
    await t.app.db.query(
      `UPDATE hospital_contents SET deleted_at = now() - interval '31 days' WHERE idx = $1`,
      [notice.idx],
    );
    const late = await client().put(apiPaths.hospitalContent.restore, {
      token: editor,
      body: { idx: notice.idx },
    });
    expect(late.code).toBe(ResultCode.CONTENT_RESTORE_EXPIRED);
    expect(await t.app.jobs.runNow(HOSPITAL_CONTENT_PURGE_JOB)).toBeGreaterThanOrEqual(1);
    const { rows } = await t.app.db.query('SELECT 1 FROM hospital_contents WHERE idx = $1', [notice.idx]);
    expect(rows).toEqual([]);
  });
});

describe('account deletion', () => {
  it('erases which notices the patient opened', async () => {
    const notice = await published({ title: '읽음 기록 공지' });
    const account = await createPatient(t.app.db, { choseHospitalIdx: hospitalIdx });
    const token = (await loginPatient(t.baseUrl, account)).accessToken;
    await client().get(apiPaths.hospitalContent.getContent, { token, query: { idx: notice.idx } });
    const reads = () =>
      t.app.db.query('SELECT 1 FROM hospital_content_reads WHERE patient_idx = $1', [account.idx]);
    expect((await reads()).rows).toHaveLength(1);
    const deleted = await client().delete(apiPaths.patient.delete, {
      token,
      body: { password: account.password },
    });
    expect(deleted.code).toBe(ResultCode.SUCCESS);
    expect((await reads()).rows).toEqual([]);
  });
});
