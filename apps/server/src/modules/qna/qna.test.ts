import { access } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { Notification } from '@smartcare/contract/notification';
import type { Page } from '@smartcare/contract/paging';
import type {
  QnaPhoto,
  QnaQuestion,
  QnaQueueItem,
  QnaStaffQuestion,
  QnaSummary,
  QnaTemplate,
} from '@smartcare/contract/qna';
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

/**
 * Q&A over the real database and files (issue 17): the state machine, photos (resized, EXIF
 * gone), the hospital's queue and templates, who may see what, and erasure on account deletion.
 */
let t: TestApp;
let hospitalIdx: number;
let otherHospitalIdx: number;
let seq = 0;

async function homePatient(hospital = hospitalIdx, areas: ('HOSPITAL' | 'HOMECARE')[] = ['HOMECARE']) {
  const created = await createPatient(t.app.db, { name: '박질문', choseHospitalIdx: hospital, areas });
  const { accessToken } = await loginPatient(t.baseUrl, created);
  return { ...created, token: accessToken };
}
async function nurseOf(hospital: number, name = '한간호') {
  const staff = await createStaff(t.app.db, { hospitalIdx: hospital, name, role: 'NURSE' });
  return { ...staff, token: (await loginStaff(t.baseUrl, staff)).accessToken };
}
async function cameraJpeg() {
  return sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#80a0d0' } })
    .withExif({
      IFD0: { Make: 'TestPhone' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '37/1 33/1 59/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '126/1 58/1 40/1',
      },
    })
    .jpeg()
    .toBuffer();
}
const client = () => api(t.baseUrl);
const ask = (token: string, extra: Record<string, unknown> = {}) =>
  client().post<QnaQuestion>(apiPaths.qna.createQuestion, {
    token,
    body: {
      category: 'SYMPTOM',
      title: '아침에 어지러워요',
      text: '혈압약을 먹고 나면 어지럽습니다.',
      clientRequestId: `req-${Date.now()}-${++seq}`,
      ...extra,
    },
  });
const answer = (token: string, idx: number, text = '물을 충분히 드시고 내일 혈압을 재 주세요.') =>
  client().post<QnaStaffQuestion>(apiPaths.qna.answer, { token, body: { idx, text } });
const queue = (token: string, status?: string) =>
  client().get<QnaQueueItem[]>(apiPaths.qna.getQueue, { token, query: { status } });
const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
const photoFilesOf = async (questionIdx: number) => {
  const { rows } = await t.app.db.query<{ key: string }>(
    'SELECT photo_key AS key FROM qna_photo WHERE question_idx = $1',
    [questionIdx],
  );
  return rows.map(({ key }) => path.join(t.config.dataDir, 'qna-photos', key.slice(0, 2), key));
};

beforeAll(async () => {
  t = await buildTestApp();
  hospitalIdx = (await createHospital(t.app.db, { name: '재택병원' })).idx;
  otherHospitalIdx = (await createHospital(t.app.db, { name: '다른병원' })).idx;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('a question', () => {
  it('goes WAITING → ANSWERED → WAITING on a follow-up → ANSWERED → CLOSED, with the staff name and role', async () => {
    const patient = await homePatient();
    const nurse = await nurseOf(hospitalIdx, '김답변');
    const asked = await ask(patient.token);
    expect(asked.code).toBe(ResultCode.SUCCESS);
    const q = asked.data!;
    expect(q).toMatchObject({
      status: 'WAITING',
      category: 'SYMPTOM',
      title: '아침에 어지러워요',
      messages: [],
    });
    expect(q.waitingSince).not.toBeNull();

    const answered = await answer(nurse.token, q.idx);
    expect(answered.data).toMatchObject({ status: 'ANSWERED', waitingSince: null, assigneeIdx: nurse.idx });
    const seen = await client().get<QnaQuestion>(apiPaths.qna.getQuestion, {
      token: patient.token,
      query: { idx: q.idx },
    });
    expect(seen.data!.messages).toEqual([
      expect.objectContaining({ authorType: 'staff', authorName: '김답변', authorRole: 'NURSE' }),
    ]);

    const followed = await client().post<QnaQuestion>(apiPaths.qna.addFollowUp, {
      token: patient.token,
      body: { idx: q.idx, text: '물을 마셔도 어지럽습니다.' },
    });
    expect(followed.data).toMatchObject({ status: 'WAITING' });
    expect(followed.data!.messages.map((m) => m.authorType)).toEqual(['staff', 'patient']);

    expect((await answer(nurse.token, q.idx, '내일 외래로 오세요.')).data!.status).toBe('ANSWERED');
    const closed = await client().put<QnaQuestion>(apiPaths.qna.closeQuestion, {
      token: patient.token,
      body: { idx: q.idx },
    });
    expect(closed.data!.status).toBe('CLOSED');

    // Closed is final: no answer, no follow-up, no second close.
    expect((await answer(nurse.token, q.idx)).code).toBe(ResultCode.QNA_STATE);
    const late = await client().post(apiPaths.qna.addFollowUp, {
      token: patient.token,
      body: { idx: q.idx, text: '하나 더' },
    });
    expect(late.code).toBe(ResultCode.QNA_STATE);
    expect(late.status).toBe(409);
  });

  it('tells the patient through the notification service when answered', async () => {
    const patient = await homePatient();
    const nurse = await nurseOf(hospitalIdx);
    const q = (await ask(patient.token)).data!;
    await answer(nurse.token, q.idx);
    const notes = await client().get<Page<Notification>>(apiPaths.notification.getMyNotifications, {
      token: patient.token,
      query: { pNum: 1, pSize: 20 },
    });
    const note = notes.data!.dataList.find((n) => n.kind === 'qna');
    expect(note).toMatchObject({ deepLink: `#/homecare/qna/${q.idx}`, body: q.title });
  });

  it('is created once for a double submit with the same client request id', async () => {
    const patient = await homePatient();
    const body = { clientRequestId: `double-${Date.now()}` };
    const [a, b] = await Promise.all([ask(patient.token, body), ask(patient.token, body)]);
    expect(a.data!.idx).toBe(b.data!.idx);
    const { rows } = await t.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM qna_question WHERE patient_idx = $1',
      [patient.idx],
    );
    expect(rows[0]!.n).toBe(1);
  });

  it('refuses bad input field by field and stores nothing', async () => {
    const patient = await homePatient();
    const bad = await ask(patient.token, { title: '   ', text: '', category: 'NOPE' });
    expect(bad.code).toBe(ResultCode.VALIDATION_FAILED);
    const fields = (bad.data as unknown as { fields: { field: string; message: string }[] }).fields.map(
      (f) => f.field,
    );
    expect(fields).toEqual(expect.arrayContaining(['title', 'text', 'category']));
    const tooMany = await ask(patient.token, {
      photos: Array.from({ length: 4 }, () => ({ dataBase64: 'aGVsbG8=' })),
    });
    expect(tooMany.code).toBe(ResultCode.VALIDATION_FAILED);
    const notPhoto = await ask(patient.token, {
      photos: [{ dataBase64: Buffer.from('<svg/>').toString('base64') }],
    });
    expect(notPhoto.code).toBe(ResultCode.QNA_INVALID);
    expect((notPhoto.data as unknown as { fields: { field: string; message: string }[] }).fields[0]).toEqual({
      field: 'photos.0',
      message: '사진은 JPEG, PNG, HEIC 파일만 올릴 수 있습니다',
    });
    const { rows } = await t.app.db.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM qna_question WHERE patient_idx = $1',
      [patient.idx],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('keeps an XSS payload as text', async () => {
    const patient = await homePatient();
    const payload = '<img src=x onerror=alert(1)>';
    const q = (await ask(patient.token, { title: payload, text: `<script>alert(1)</script>` })).data!;
    expect(q.title).toBe(payload);
    expect(q.text).toBe('<script>alert(1)</script>');
  });
});

describe('photos', () => {
  it('are resized with no EXIF, shown to the owner and the hospital staff only', async () => {
    const patient = await homePatient();
    const other = await homePatient();
    const nurse = await nurseOf(hospitalIdx);
    const stranger = await nurseOf(otherHospitalIdx);
    const jpeg = (await cameraJpeg()).toString('base64');
    const q = (await ask(patient.token, { photos: [{ dataBase64: jpeg }, { dataBase64: jpeg }] })).data!;
    expect(q.photoIdxs).toHaveLength(2);
    expect(q.photoCount).toBe(2);
    const mine = await client().get<QnaPhoto>(apiPaths.qna.getPhoto, {
      token: patient.token,
      query: { idx: q.photoIdxs[0] },
    });
    const meta = await sharp(Buffer.from(mine.data!.dataBase64, 'base64')).metadata();
    expect(Math.max(meta.width!, meta.height!)).toBeLessThanOrEqual(1600);
    expect(meta.exif).toBeUndefined();

    const staffSees = await client().get<QnaPhoto>(apiPaths.qna.getPatientPhoto, {
      token: nurse.token,
      query: { idx: q.photoIdxs[1] },
    });
    expect(staffSees.data!.contentType).toBe('image/jpeg');
    const otherPatient = await client().get(apiPaths.qna.getPhoto, {
      token: other.token,
      query: { idx: q.photoIdxs[0] },
    });
    expect(otherPatient.code).toBe(ResultCode.NOT_FOUND);
    const otherStaff = await client().get(apiPaths.qna.getPatientPhoto, {
      token: stranger.token,
      query: { idx: q.photoIdxs[0] },
    });
    expect(otherStaff.code).toBe(ResultCode.NOT_FOUND);
    // The patient's token does not open the staff call, nor the staff's the patient's.
    expect(
      (
        await client().get(apiPaths.qna.getPatientPhoto, {
          token: patient.token,
          query: { idx: q.photoIdxs[0] },
        })
      ).status,
    ).toBeGreaterThanOrEqual(401);
    expect(
      (await client().get(apiPaths.qna.getPhoto, { token: nurse.token, query: { idx: q.photoIdxs[0] } }))
        .status,
    ).toBeGreaterThanOrEqual(401);
  });
});

describe('isolation', () => {
  it('a patient sees, follows up and closes only their own questions', async () => {
    const owner = await homePatient();
    const other = await homePatient();
    const q = (await ask(owner.token)).data!;
    const list = await client().get<Page<QnaSummary>>(apiPaths.qna.getMyQuestions, {
      token: other.token,
      query: { pNum: 1, pSize: 20 },
    });
    expect(list.data!.dataList.map((s) => s.idx)).not.toContain(q.idx);
    for (const call of [
      () => client().get(apiPaths.qna.getQuestion, { token: other.token, query: { idx: q.idx } }),
      () =>
        client().post(apiPaths.qna.addFollowUp, {
          token: other.token,
          body: { idx: q.idx, text: '남의 질문' },
        }),
      () => client().put(apiPaths.qna.closeQuestion, { token: other.token, body: { idx: q.idx } }),
    ])
      expect((await call()).code).toBe(ResultCode.NOT_FOUND);
    expect(
      (
        await client().get<QnaQuestion>(apiPaths.qna.getQuestion, {
          token: owner.token,
          query: { idx: q.idx },
        })
      ).data!.status,
    ).toBe('WAITING');
    // Without a token nothing answers.
    expect((await client().get(apiPaths.qna.getMyQuestions)).status).toBe(401);
  });

  it("staff see only their hospital's home-care patients' questions, for every staff call", async () => {
    const patient = await homePatient();
    const inpatient = await homePatient(hospitalIdx, ['HOSPITAL']);
    const nurse = await nurseOf(hospitalIdx);
    const stranger = await nurseOf(otherHospitalIdx);
    const q = (await ask(patient.token)).data!;
    const notHomeCare = (await ask(inpatient.token)).data!;

    const mine = (await queue(nurse.token)).data!.map((item) => item.idx);
    expect(mine).toContain(q.idx);
    expect(mine).not.toContain(notHomeCare.idx);
    expect((await queue(stranger.token)).data!.map((item) => item.idx)).not.toContain(q.idx);

    for (const call of [
      () => client().get(apiPaths.qna.getPatientQuestion, { token: stranger.token, query: { idx: q.idx } }),
      () => client().put(apiPaths.qna.assignToMe, { token: stranger.token, body: { idx: q.idx } }),
      () => answer(stranger.token, q.idx),
      () =>
        client().get(apiPaths.qna.getPatientQuestion, {
          token: nurse.token,
          query: { idx: notHomeCare.idx },
        }),
      () => answer(nurse.token, notHomeCare.idx),
    ])
      expect((await call()).code).toBe(ResultCode.NOT_FOUND);
    // A patient's token does not open the staff calls.
    expect((await queue(patient.token)).status).toBeGreaterThanOrEqual(401);
    expect((await answer(patient.token, q.idx)).status).toBeGreaterThanOrEqual(401);

    // Another hospital chosen later: the question leaves this hospital's queue.
    await t.app.db.query('UPDATE patients SET chose_hospital_idx = $2 WHERE idx = $1', [
      patient.idx,
      otherHospitalIdx,
    ]);
    expect((await queue(nurse.token)).data!.map((item) => item.idx)).not.toContain(q.idx);
    await t.app.db.query('UPDATE patients SET chose_hospital_idx = $2 WHERE idx = $1', [
      patient.idx,
      hospitalIdx,
    ]);

    const read = await client().get<QnaStaffQuestion>(apiPaths.qna.getPatientQuestion, {
      token: nurse.token,
      query: { idx: q.idx },
    });
    expect(read.data).toMatchObject({ patientIdx: patient.idx, patientName: '박질문' });
    const audit = await t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'qna.question.read' AND actor_idx = $1 AND patient_idx = $2`,
      [nurse.idx, patient.idx],
    );
    expect(audit.rows[0]!.n).toBe(1);
  });
});

describe('the queue', () => {
  it('puts waiting first, the longest waiting on top, filters by status and records who took it', async () => {
    const hospital = (await createHospital(t.app.db, { name: '큐병원' })).idx;
    const patient = await homePatient(hospital);
    const nurse = await nurseOf(hospital, '이담당');
    const first = (await ask(patient.token, { title: '첫 질문' })).data!;
    const second = (await ask(patient.token, { title: '둘째 질문' })).data!;
    const third = (await ask(patient.token, { title: '셋째 질문' })).data!;
    await answer(nurse.token, second.idx);
    expect((await queue(nurse.token)).data!.map((i) => i.idx)).toEqual([first.idx, third.idx, second.idx]);
    expect((await queue(nurse.token, 'ANSWERED')).data!.map((i) => i.idx)).toEqual([second.idx]);
    const taken = await client().put<QnaStaffQuestion>(apiPaths.qna.assignToMe, {
      token: nurse.token,
      body: { idx: third.idx },
    });
    expect(taken.data).toMatchObject({ assigneeIdx: nurse.idx, assigneeName: '이담당' });
    expect((await queue(nurse.token, 'WAITING')).data!.find((i) => i.idx === third.idx)!.assigneeName).toBe(
      '이담당',
    );
    expect((await queue(nurse.token, 'BOGUS')).code).toBe(ResultCode.VALIDATION_FAILED);
  });
});

describe('answer templates', () => {
  it("are the hospital's own: create, use, delete; another hospital's cannot be deleted", async () => {
    const nurse = await nurseOf(hospitalIdx, '최템플');
    const stranger = await nurseOf(otherHospitalIdx);
    const created = await client().post<QnaTemplate>(apiPaths.qna.createTemplate, {
      token: nurse.token,
      body: { title: '수분 섭취', text: '하루 1.5L 이상 물을 드세요.' },
    });
    expect(created.data).toMatchObject({ title: '수분 섭취', createdByName: '최템플' });
    const listed = await client().get<QnaTemplate[]>(apiPaths.qna.getTemplates, { token: nurse.token });
    expect(listed.data!.map((tpl) => tpl.idx)).toContain(created.data!.idx);
    const theirs = await client().get<QnaTemplate[]>(apiPaths.qna.getTemplates, { token: stranger.token });
    expect(theirs.data!.map((tpl) => tpl.idx)).not.toContain(created.data!.idx);
    const refused = await client().delete(apiPaths.qna.deleteTemplate, {
      token: stranger.token,
      body: { idx: created.data!.idx },
    });
    expect(refused.code).toBe(ResultCode.NOT_FOUND);
    const empty = await client().post(apiPaths.qna.createTemplate, {
      token: nurse.token,
      body: { title: '', text: '' },
    });
    expect(empty.code).toBe(ResultCode.VALIDATION_FAILED);
    const deleted = await client().delete(apiPaths.qna.deleteTemplate, {
      token: nurse.token,
      body: { idx: created.data!.idx },
    });
    expect(deleted.code).toBe(ResultCode.SUCCESS);
    const after = await client().get<QnaTemplate[]>(apiPaths.qna.getTemplates, { token: nurse.token });
    expect(after.data!.map((tpl) => tpl.idx)).not.toContain(created.data!.idx);
  });
});

describe('account deletion', () => {
  it("erases the patient's questions, answers and photo files, and nobody else's", async () => {
    const patient = await homePatient();
    const bystander = await homePatient();
    const nurse = await nurseOf(hospitalIdx);
    const jpeg = (await cameraJpeg()).toString('base64');
    const mine = (await ask(patient.token, { photos: [{ dataBase64: jpeg }] })).data!;
    const theirs = (await ask(bystander.token, { photos: [{ dataBase64: jpeg }] })).data!;
    await answer(nurse.token, mine.idx);
    const [myFile] = await photoFilesOf(mine.idx);
    const [theirFile] = await photoFilesOf(theirs.idx);
    expect(await exists(myFile!)).toBe(true);
    const deleted = await client().delete(apiPaths.patient.delete, {
      token: patient.token,
      body: { password: patient.password },
    });
    expect(deleted.code).toBe(ResultCode.SUCCESS);
    const count = async (sql: string) => (await t.app.db.query<{ n: number }>(sql, [mine.idx])).rows[0]!.n;
    expect(await count('SELECT count(*)::int AS n FROM qna_question WHERE idx = $1')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM qna_message WHERE question_idx = $1')).toBe(0);
    expect(await count('SELECT count(*)::int AS n FROM qna_photo WHERE question_idx = $1')).toBe(0);
    expect(await exists(myFile!)).toBe(false);
    expect(await exists(theirFile!)).toBe(true);
  });
});
