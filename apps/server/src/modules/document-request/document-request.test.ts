import { PDFParse } from 'pdf-parse';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type {
  DocumentFees,
  DocumentFile,
  DocumentRequest,
  DocumentStatus,
} from '@smartcare/contract/document-request';
import type { Notification } from '@smartcare/contract/notification';
import type { Page } from '@smartcare/contract/paging';
import { ResultCode } from '@smartcare/contract/result-codes';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { DOCUMENT_PURGE_JOB } from './document-request.module.ts';
import {
  api,
  createHospital,
  createPatient,
  createStaff,
  loginPatient,
  loginStaff,
} from '../../testing/factories.ts';

/**
 * Document requests (issue 16): the state machine, who may do what, the PDF as issued
 * (parsed back) and the public verification page.
 */
let t: TestApp;
let hospitalIdx: number;
let staffToken: string;
let otherStaffToken: string;
let seq = 0;

interface Patient {
  idx: number;
  token: string;
  password: string;
}

async function newPatient(name = '김서류'): Promise<Patient> {
  const created = await createPatient(t.app.db, {
    name,
    choseHospitalIdx: hospitalIdx,
    birthDate: '1985-03-14',
  });
  return {
    idx: created.idx,
    token: (await loginPatient(t.baseUrl, created)).accessToken,
    password: created.password,
  };
}

const diagnosis = (extra: Record<string, unknown> = {}) => ({
  type: 'DIAGNOSIS',
  department: '내과',
  purpose: 'INSURANCE',
  copies: 2,
  language: 'KO',
  delivery: 'APP_PDF',
  clientRequestId: `req-${++seq}-abcdef`,
  ...extra,
});

const client = () => api(t.baseUrl);
async function create(p: Patient, body: Record<string, unknown> = diagnosis()) {
  return client().post<DocumentRequest>(apiPaths.documentRequest.create, { token: p.token, body });
}
const staffAct = (path: string, body: Record<string, unknown>, token = staffToken) =>
  client().put<DocumentRequest>(path, { token, body });

/** Moves a fresh request to `status` through the allowed path. */
async function requestIn(p: Patient, status: DocumentStatus): Promise<DocumentRequest> {
  const created = (await create(p)).data!;
  if (status === 'REQUESTED') return created;
  if (status === 'CANCELLED')
    return (
      await client().put<DocumentRequest>(apiPaths.documentRequest.cancel, {
        token: p.token,
        body: { idx: created.idx },
      })
    ).data!;
  if (status === 'REJECTED')
    return (
      await staffAct(apiPaths.documentRequest.reject, { idx: created.idx, reason: '진료 기록 확인 불가' })
    ).data!;
  await staffAct(apiPaths.documentRequest.review, { idx: created.idx });
  if (status === 'IN_REVIEW')
    return (
      await client().get<DocumentRequest>(apiPaths.documentRequest.getMyRequest, {
        token: p.token,
        query: { idx: created.idx },
      })
    ).data!;
  return (
    await staffAct(apiPaths.documentRequest.issue, {
      idx: created.idx,
      content: '병명: 급성 위장염 (K52.9)\n3일간 안정 가료를 요함.',
    })
  ).data!;
}

async function pdfText(file: DocumentFile): Promise<string> {
  const parser = new PDFParse({ data: Buffer.from(file.contentBase64, 'base64') });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  hospitalIdx = (await createHospital(t.app.db, { name: '서울스마트병원' })).idx;
  const otherHospitalIdx = (await createHospital(t.app.db, { name: '옆동네병원' })).idx;
  staffToken = (await loginStaff(t.baseUrl, await createStaff(t.app.db, { hospitalIdx, name: '박원무' })))
    .accessToken;
  otherStaffToken = (
    await loginStaff(
      t.baseUrl,
      await createStaff(t.app.db, { hospitalIdx: otherHospitalIdx, name: '이원무' }),
    )
  ).accessToken;
});

afterAll(async () => {
  await t?.close();
});

describe('asking for a certificate', () => {
  it('shows the fee table of the chosen hospital, and the request costs what the table says', async () => {
    const p = await newPatient();
    const fees = await client().get<DocumentFees>(apiPaths.documentRequest.getFees, { token: p.token });
    expect(fees.data!.hospitalName).toBe('서울스마트병원');
    const dx = fees.data!.fees.find((f) => f.type === 'DIAGNOSIS')!;
    expect(dx.feeKrw).toBe(20000);
    const created = await create(p);
    expect(created.code).toBe(ResultCode.SUCCESS);
    // two copies: the first at the fee, the second at the copy fee
    expect(created.data!.feeKrw).toBe(dx.feeKrw + dx.extraCopyFeeKrw);
    expect(created.data!.status).toBe('REQUESTED');
    expect(created.data!.events).toMatchObject([
      { status: 'REQUESTED', actorType: 'patient', actorName: '김서류' },
    ]);
  });

  it('creates one request for a double submit with the same key', async () => {
    const p = await newPatient();
    const body = diagnosis();
    const [a, b] = await Promise.all([create(p, body), create(p, body)]);
    expect(a.data!.idx).toBe(b.data!.idx);
    const mine = await client().get<DocumentRequest[]>(apiPaths.documentRequest.getMyRequests, {
      token: p.token,
    });
    expect(mine.data).toHaveLength(1);
  });

  it('refuses bad input per field and stores nothing', async () => {
    const p = await newPatient();
    const cases: [Record<string, unknown>, string][] = [
      [diagnosis({ type: 'RECEIPT', purpose: null }), 'periodFrom'],
      [diagnosis({ type: 'RECEIPT', periodFrom: '2026-11-10', periodTo: '2026-11-01' }), 'periodTo'],
      [diagnosis({ purpose: null }), 'purpose'],
      [diagnosis({ type: 'PRESCRIPTION_COPY', periodFrom: '2026-11-01', language: 'EN' }), 'language'],
      [diagnosis({ copies: 9 }), 'copies'],
      [diagnosis({ department: '' }), 'department'],
      [
        diagnosis({ periodFrom: '2026-02-30', type: 'OUTPATIENT_CONFIRMATION', periodTo: '2026-03-01' }),
        'periodFrom',
      ],
    ];
    for (const [body, field] of cases) {
      const refused = await create(p, body);
      expect(refused.code, field).toBe(ResultCode.VALIDATION_FAILED);
      expect(JSON.stringify(refused.data), field).toContain(field);
    }
    const mine = await client().get<DocumentRequest[]>(apiPaths.documentRequest.getMyRequests, {
      token: p.token,
    });
    expect(mine.data).toEqual([]);
  });

  it('needs a chosen hospital', async () => {
    const created = await createPatient(t.app.db, { name: '무병원' });
    const token = (await loginPatient(t.baseUrl, created)).accessToken;
    expect((await client().post(apiPaths.documentRequest.create, { token, body: diagnosis() })).code).toBe(
      ResultCode.HOSPITAL_NOT_CHOSEN,
    );
  });
});

describe('the state machine', () => {
  const allowed: [DocumentStatus, string][] = [
    ['REQUESTED', 'cancel'],
    ['REQUESTED', 'review'],
    ['REQUESTED', 'reject'],
    ['IN_REVIEW', 'issue'],
    ['IN_REVIEW', 'reject'],
  ];
  const actions = ['cancel', 'review', 'reject', 'issue'] as const;
  const statuses: DocumentStatus[] = ['REQUESTED', 'IN_REVIEW', 'ISSUED', 'REJECTED', 'CANCELLED'];
  const after = { cancel: 'CANCELLED', review: 'IN_REVIEW', reject: 'REJECTED', issue: 'ISSUED' } as const;

  async function act(p: Patient, action: (typeof actions)[number], idx: number) {
    switch (action) {
      case 'cancel':
        return client().put<DocumentRequest>(apiPaths.documentRequest.cancel, {
          token: p.token,
          body: { idx },
        });
      case 'review':
        return staffAct(apiPaths.documentRequest.review, { idx });
      case 'reject':
        return staffAct(apiPaths.documentRequest.reject, { idx, reason: '서류 요건 미충족' });
      case 'issue':
        return staffAct(apiPaths.documentRequest.issue, { idx, content: '진료 사실을 확인함.' });
    }
  }

  for (const from of statuses)
    for (const action of actions) {
      const ok = allowed.some(([s, a]) => s === from && a === action);
      it(`${action} from ${from} is ${ok ? 'allowed' : 'refused'}`, async () => {
        const p = await newPatient();
        const request = await requestIn(p, from);
        expect(request.status).toBe(from);
        const answer = await act(p, action, request.idx);
        if (ok) {
          expect(answer.code).toBe(ResultCode.SUCCESS);
          expect(answer.data!.status).toBe(after[action]);
          const last = answer.data!.events.at(-1)!;
          expect(last.status).toBe(after[action]);
          expect(last.actorName).toBe(action === 'cancel' ? '김서류' : '박원무');
          // Every move is in the audit log, by whom it was made.
          const audited = await t.app.db.one<{ n: number; actor_type: string | null }>(
            `SELECT count(*)::int AS n, min(actor_type) AS actor_type FROM audit_log
              WHERE action = $1 AND patient_idx = $2 AND detail->>'requestIdx' = $3`,
            [`documentRequest.${after[action].toLowerCase()}`, p.idx, String(request.idx)],
          );
          expect(audited).toEqual({ n: 1, actor_type: action === 'cancel' ? 'patient' : 'staff' });
        } else {
          expect(answer.code).toBe(ResultCode.DOCUMENT_REQUEST_STATE);
          const now = await client().get<DocumentRequest>(apiPaths.documentRequest.getMyRequest, {
            token: p.token,
            query: { idx: request.idx },
          });
          expect(now.data!.status).toBe(from);
        }
      });
    }

  it('keeps the rejection reason and tells the patient through the notification service', async () => {
    const p = await newPatient();
    const rejected = await requestIn(p, 'REJECTED');
    expect(rejected.rejectReason).toBe('진료 기록 확인 불가');
    const issued = await requestIn(p, 'ISSUED');
    const notes = await client().get<Page<Notification>>(apiPaths.notification.getMyNotifications, {
      token: p.token,
      query: { pNum: 1, pSize: 50 },
    });
    const titles = notes.data!.dataList.filter((n) => n.kind === 'document').map((n) => n.title);
    expect(titles).toContain('서류 신청 반려');
    expect(titles).toContain('서류 발급 완료');
    const done = notes.data!.dataList.find((n) => n.title === '서류 발급 완료')!;
    expect(done.deepLink).toBe(`#/hospital/documentrequest/${issued.idx}`);
  });
});

describe('the issued PDF', () => {
  it('contains the Korean name, the content and the verification code; only the owner downloads it, audited', async () => {
    const p = await newPatient('홍길동');
    const issued = await requestIn(p, 'ISSUED');
    expect(issued.issueNumber).toMatch(/^\d{4}-\d+-\d{6}$/);
    expect(issued.verifyCode).toMatch(/^[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}-[0-9A-Z]{4}$/);

    const file = await client().get<DocumentFile>(apiPaths.documentRequest.download, {
      token: p.token,
      query: { idx: issued.idx },
    });
    expect(file.code).toBe(ResultCode.SUCCESS);
    const bytes = Buffer.from(file.data!.contentBase64, 'base64');
    expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
    // subset font: a certificate stays small
    expect(bytes.length).toBeLessThan(200_000);
    const text = await pdfText(file.data!);
    expect(text).toContain('홍길동');
    expect(text).toContain('진단서');
    expect(text).toContain('서울스마트병원');
    expect(text).toContain('급성 위장염');
    expect(text).toContain(issued.verifyCode!);
    expect(text).toContain(issued.issueNumber!);
    expect(text).toContain('1985-03-14');

    const { rows } = await t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'documentRequest.download' AND patient_idx = $1`,
      [p.idx],
    );
    expect(rows[0]!.n).toBe(1);

    const other = await newPatient('남의환자');
    const refused = await client().get(apiPaths.documentRequest.download, {
      token: other.token,
      query: { idx: issued.idx },
    });
    expect(refused.code).toBe(ResultCode.NOT_FOUND);
    expect(
      (
        await client().get(apiPaths.documentRequest.download, {
          token: staffToken,
          query: { idx: issued.idx },
        })
      ).code,
    ).toBe(ResultCode.NOT_LOGGED_IN);
  });

  it('is not downloadable before issue nor when it is collected at the desk', async () => {
    const p = await newPatient();
    const pending = await requestIn(p, 'IN_REVIEW');
    expect(
      (await client().get(apiPaths.documentRequest.download, { token: p.token, query: { idx: pending.idx } }))
        .code,
    ).toBe(ResultCode.DOCUMENT_NOT_DOWNLOADABLE);
    const desk = (await create(p, diagnosis({ delivery: 'DESK' }))).data!;
    await staffAct(apiPaths.documentRequest.review, { idx: desk.idx });
    await staffAct(apiPaths.documentRequest.issue, { idx: desk.idx, content: '내용' });
    expect(
      (await client().get(apiPaths.documentRequest.download, { token: p.token, query: { idx: desk.idx } }))
        .code,
    ).toBe(ResultCode.DOCUMENT_NOT_DOWNLOADABLE);
  });

  it("gives the hospital's staff the issued PDF to print at the desk, audited; refuses another hospital's staff and patients", async () => {
    const p = await newPatient('창구수령');
    const desk = (await create(p, diagnosis({ delivery: 'DESK' }))).data!;
    const pending = async (token: string) =>
      client().get<DocumentFile>(apiPaths.documentRequest.getIssuedPdf, { token, query: { idx: desk.idx } });
    // nothing to print before it is issued
    expect((await pending(staffToken)).code).toBe(ResultCode.DOCUMENT_NOT_DOWNLOADABLE);
    await staffAct(apiPaths.documentRequest.review, { idx: desk.idx });
    const issued = (
      await staffAct(apiPaths.documentRequest.issue, { idx: desk.idx, content: '창구 발급 내용' })
    ).data!;

    const file = await pending(staffToken);
    expect(file.code).toBe(ResultCode.SUCCESS);
    expect(file.data!.fileName).toBe(`${issued.issueNumber}.pdf`);
    const text = await pdfText(file.data!);
    expect(text).toContain('창구수령');
    expect(text).toContain(issued.verifyCode!);
    const { rows } = await t.app.db.query<{ n: number; actor_type: string }>(
      `SELECT count(*)::int AS n, min(actor_type) AS actor_type FROM audit_log
        WHERE action = 'documentRequest.staffDownload' AND patient_idx = $1`,
      [p.idx],
    );
    expect(rows[0]).toEqual({ n: 1, actor_type: 'staff' });

    // another hospital's staff: as if there were none; a patient (even the owner) or nobody: not a staff login
    const other = await pending(otherStaffToken);
    expect(other.code).toBe(ResultCode.NOT_FOUND);
    expect(other.data ?? null).toBeNull();
    const owner = await pending(p.token);
    expect(owner.status).toBe(401);
    expect(owner.code).toBe(ResultCode.NOT_LOGGED_IN);
    expect(
      (await client().get(apiPaths.documentRequest.getIssuedPdf, { query: { idx: desk.idx } })).code,
    ).toBe(ResultCode.NOT_LOGGED_IN);
    const { rows: after } = await t.app.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM audit_log WHERE action = 'documentRequest.staffDownload' AND patient_idx = $1`,
      [p.idx],
    );
    expect(after[0]!.n).toBe(1);
  });

  it('prints an English certificate when asked for one', async () => {
    const p = await newPatient('이영문');
    const created = (await create(p, diagnosis({ language: 'EN', copies: 1 }))).data!;
    await staffAct(apiPaths.documentRequest.review, { idx: created.idx });
    await staffAct(apiPaths.documentRequest.issue, { idx: created.idx, content: 'Acute gastroenteritis' });
    const file = await client().get<DocumentFile>(apiPaths.documentRequest.download, {
      token: p.token,
      query: { idx: created.idx },
    });
    const text = await pdfText(file.data!);
    expect(text).toContain('Medical Certificate');
    expect(text).toContain('이영문');
  });
});

describe("the certificate's verify URL", () => {
  /**
   * On `on`, issues a fresh request with the Host headers given (a forged Host, as a caller
   * could send one) and reads the PDF's text back through the owner's download.
   */
  async function issueWithHost(on: TestApp, headers: Record<string, string>) {
    const hospital = (await createHospital(on.app.db, { name: '주소병원' })).idx;
    const staff = (await loginStaff(on.baseUrl, await createStaff(on.app.db, { hospitalIdx: hospital })))
      .accessToken;
    const created = await createPatient(on.app.db, { name: '주소확인', choseHospitalIdx: hospital });
    const patientToken = (await loginPatient(on.baseUrl, created)).accessToken;
    const there = api(on.baseUrl);
    const request = (
      await there.post<DocumentRequest>(apiPaths.documentRequest.create, {
        token: patientToken,
        body: diagnosis(),
      })
    ).data!;
    await there.put(apiPaths.documentRequest.review, { token: staff, body: { idx: request.idx } });
    const issued = await on.app.inject({
      method: 'PUT',
      url: `/medical2/app/api${apiPaths.documentRequest.issue}`,
      headers: { authorization: `Bearer ${staff}`, 'content-type': 'application/json', ...headers },
      payload: { idx: request.idx, content: '내용' },
    });
    expect(issued.statusCode).toBe(200);
    const code = (issued.json() as { data: DocumentRequest }).data.verifyCode!;
    const file = await there.get<DocumentFile>(apiPaths.documentRequest.download, {
      token: patientToken,
      query: { idx: request.idx },
    });
    return { code, text: await pdfText(file.data!) };
  }

  const forged = { host: 'evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'https' };

  it("prints the server's own listening origin when PUBLIC_ORIGIN is unset, whatever Host the request names", async () => {
    const { code, text } = await issueWithHost(t, forged);
    expect(text).toContain(`${t.baseUrl}/verify/${code}`);
    expect(text).not.toContain('evil.example');
  });

  it('prints PUBLIC_ORIGIN when set (the patient-facing origin of the two-origin set-up), even behind a trusted proxy', async () => {
    const own = await buildTestApp({ config: { publicOrigin: 'https://app.example.com', trustProxy: true } });
    try {
      const { code, text } = await issueWithHost(own, { ...forged, host: 'staff.example.com' });
      expect(text).toContain(`https://app.example.com/verify/${code}`);
      expect(text).not.toContain('evil.example');
      expect(text).not.toContain('staff.example.com');
    } finally {
      await own.close();
    }
  });
});

describe('verification', () => {
  it('confirms a genuine code with a masked name and no health details; refuses forged and altered codes', async () => {
    const p = await newPatient('홍길동');
    const issued = await requestIn(p, 'ISSUED');
    const genuine = await client().get<Record<string, string>>(apiPaths.documentRequest.verify, {
      query: { code: issued.verifyCode! },
    });
    expect(genuine.code).toBe(ResultCode.SUCCESS);
    expect(genuine.data).toMatchObject({
      typeName: '진단서',
      issueNumber: issued.issueNumber,
      hospitalName: '서울스마트병원',
      maskedName: '홍*동',
    });
    expect(JSON.stringify(genuine.data)).not.toContain('위장염');

    const page = await fetch(`${t.baseUrl}/verify/${issued.verifyCode}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('발급한 문서가 맞습니다');
    expect(html).toContain('홍*동');
    expect(html).not.toContain('홍길동');
    expect(html).not.toContain('위장염');
    expect(html).not.toContain('1985');

    // one character changed, a made-up code, garbage
    const code = issued.verifyCode!;
    const altered = code.slice(0, -1) + (code.endsWith('A') ? 'B' : 'A');
    for (const bad of [altered, 'ABCD-EFGH-JKMN-PQRS', '<script>alert(1)</script>']) {
      const refused = await client().get(apiPaths.documentRequest.verify, { query: { code: bad } });
      expect(refused.code, bad).toBe(ResultCode.DOCUMENT_VERIFY_FAILED);
      const refusedPage = await fetch(`${t.baseUrl}/verify/${encodeURIComponent(bad)}`);
      expect(refusedPage.status, bad).toBe(404);
      const text = await refusedPage.text();
      expect(text).toContain('확인되지 않는 문서입니다');
      expect(text).not.toContain('<script>alert');
    }
  });
});

describe('isolation and auth', () => {
  it('keeps patients to their own requests and staff to their hospital', async () => {
    const owner = await newPatient();
    const request = await requestIn(owner, 'REQUESTED');
    const stranger = await newPatient('남의환자');
    expect(
      (
        await client().get(apiPaths.documentRequest.getMyRequest, {
          token: stranger.token,
          query: { idx: request.idx },
        })
      ).code,
    ).toBe(ResultCode.NOT_FOUND);
    expect(
      (
        await client().put(apiPaths.documentRequest.cancel, {
          token: stranger.token,
          body: { idx: request.idx },
        })
      ).code,
    ).toBe(ResultCode.NOT_FOUND);
    const theirs = await client().get<DocumentRequest[]>(apiPaths.documentRequest.getMyRequests, {
      token: stranger.token,
    });
    expect(theirs.data!.map((r) => r.idx)).not.toContain(request.idx);

    // another hospital's staff: neither see nor move it
    const queue = await client().get<DocumentRequest[]>(apiPaths.documentRequest.getQueue, {
      token: otherStaffToken,
    });
    expect(queue.data!.map((r) => r.idx)).not.toContain(request.idx);
    for (const [path, body] of [
      [apiPaths.documentRequest.review, { idx: request.idx }],
      [apiPaths.documentRequest.reject, { idx: request.idx, reason: '반려' }],
      [apiPaths.documentRequest.issue, { idx: request.idx, content: '내용' }],
    ] as const)
      expect((await staffAct(path, body, otherStaffToken)).code, path).toBe(ResultCode.NOT_FOUND);
    expect(
      (
        await client().get(apiPaths.documentRequest.getRequest, {
          token: otherStaffToken,
          query: { idx: request.idx },
        })
      ).code,
    ).toBe(ResultCode.NOT_FOUND);

    // a patient cannot call staff actions, staff cannot call patient ones, nobody without a token
    expect((await staffAct(apiPaths.documentRequest.review, { idx: request.idx }, owner.token)).code).toBe(
      ResultCode.NOT_LOGGED_IN,
    );
    expect(
      (await client().post(apiPaths.documentRequest.create, { token: staffToken, body: diagnosis() })).code,
    ).toBe(ResultCode.NOT_LOGGED_IN);
    for (const [method, path] of [
      ['GET', apiPaths.documentRequest.getMyRequests],
      ['GET', apiPaths.documentRequest.getFees],
      ['GET', apiPaths.documentRequest.getQueue],
      ['POST', apiPaths.documentRequest.create],
    ] as const)
      expect(
        (await client().call(method, path, method === 'POST' ? { body: diagnosis() } : {})).code,
        path,
      ).toBe(ResultCode.NOT_LOGGED_IN);

    // the staff queue: the hospital's open requests first, filtered by status and type
    const mine = await client().get<DocumentRequest[]>(apiPaths.documentRequest.getQueue, {
      token: staffToken,
      query: { status: 'REQUESTED', type: 'DIAGNOSIS' },
    });
    expect(mine.data!.map((r) => r.idx)).toContain(request.idx);
    expect(mine.data!.every((r) => r.status === 'REQUESTED' && r.type === 'DIAGNOSIS')).toBe(true);
  });

  it('stores XSS payloads as text', async () => {
    const p = await newPatient();
    const payload = `<img src=x onerror="alert(1)"><script>alert('x')</script>`;
    const created = await create(
      p,
      diagnosis({ department: payload.slice(0, 40), note: payload, purposeNote: payload.slice(0, 100) }),
    );
    expect(created.data!.note).toBe(payload);
    const rejected = await staffAct(apiPaths.documentRequest.reject, {
      idx: created.data!.idx,
      reason: payload,
    });
    expect(rejected.data!.rejectReason).toBe(payload);
  });
});

describe('account deletion', () => {
  it('erases requests never issued and keeps issued certificates for the legal period', async () => {
    const p = await newPatient('탈퇴자');
    const issued = await requestIn(p, 'ISSUED');
    const pending = await requestIn(p, 'REQUESTED');
    const deleted = await client().delete(apiPaths.patient.delete, {
      token: p.token,
      body: { password: p.password },
    });
    expect(deleted.code).toBe(ResultCode.SUCCESS);
    const { rows } = await t.app.db.query<{ idx: number; patient_idx: number | null; patient_name: string }>(
      `SELECT idx, patient_idx, patient_name FROM document_requests WHERE idx = ANY($1::int[])`,
      [[issued.idx, pending.idx]],
    );
    expect(rows).toEqual([{ idx: issued.idx, patient_idx: null, patient_name: '탈퇴자' }]);
    const verified = await client().get(apiPaths.documentRequest.verify, {
      query: { code: issued.verifyCode! },
    });
    expect(verified.code).toBe(ResultCode.SUCCESS);
  });
});

describe('keeping issued certificates', () => {
  it('keeps them 3 years, then the purge job removes them and their code stops verifying', async () => {
    const p = await newPatient();
    const kept = await requestIn(p, 'ISSUED');
    const expired = await requestIn(p, 'ISSUED');
    const { rows } = await t.app.db.query<{ keep_until: Date; issued_at: Date }>(
      `SELECT keep_until, issued_at FROM issued_documents WHERE request_idx = $1`,
      [kept.idx],
    );
    const years = (rows[0]!.keep_until.getTime() - rows[0]!.issued_at.getTime()) / (365.25 * 24 * 3600_000);
    expect(Math.round(years)).toBe(3);
    await t.app.db.query(
      `UPDATE issued_documents SET keep_until = now() - interval '1 day' WHERE request_idx = $1`,
      [expired.idx],
    );
    expect(await t.app.jobs.runNow(DOCUMENT_PURGE_JOB)).toBeGreaterThanOrEqual(1);
    expect(
      (await client().get(apiPaths.documentRequest.verify, { query: { code: expired.verifyCode! } })).code,
    ).toBe(ResultCode.DOCUMENT_VERIFY_FAILED);
    expect(
      (await client().get(apiPaths.documentRequest.verify, { query: { code: kept.verifyCode! } })).code,
    ).toBe(ResultCode.SUCCESS);
  });
});
