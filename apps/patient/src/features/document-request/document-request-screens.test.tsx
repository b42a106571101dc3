import { apiPaths } from '@smartcare/contract/api-paths';
import type { DocumentFees, DocumentRequest } from '@smartcare/contract/document-request';
import { ResultCode } from '@smartcare/contract/result-codes';
import { topics } from '@smartcare/contract/topics';
import { screen } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { fail, ok, patientProfile } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import { createTestRealtime, withRealtime } from '../../testing/realtime-fakes';
import { renderScreen } from '../../testing/render';
import { DocumentRequestDetailScreen } from './document-request-detail-screen';
import { DocumentRequestListScreen } from './document-request-list-screen';

const MINE = `GET ${apiPaths.documentRequest.getMyRequests}`;
const ONE = `GET ${apiPaths.documentRequest.getMyRequest}`;
const FEES = `GET ${apiPaths.documentRequest.getFees}`;
const CREATE = `POST ${apiPaths.documentRequest.create}`;

const fees: DocumentFees = {
  hospitalIdx: 1,
  hospitalName: '서울중앙병원',
  fees: [
    { type: 'DIAGNOSIS', feeKrw: 20000, extraCopyFeeKrw: 1000, englishFeeKrw: 20000 },
    { type: 'RECEIPT', feeKrw: 0, extraCopyFeeKrw: 0, englishFeeKrw: null },
  ],
};

function request(overrides: Partial<DocumentRequest> = {}): DocumentRequest {
  return {
    idx: 5,
    hospitalIdx: 1,
    hospitalName: '서울중앙병원',
    patientName: '김민지',
    type: 'DIAGNOSIS',
    department: '내과',
    periodFrom: null,
    periodTo: null,
    purpose: 'INSURANCE',
    purposeNote: '',
    copies: 1,
    language: 'KO',
    delivery: 'APP_PDF',
    note: '',
    feeKrw: 20000,
    status: 'REQUESTED',
    rejectReason: '',
    requestedAt: '2026-11-24T01:00:00.000Z',
    updatedAt: '2026-11-24T01:00:00.000Z',
    issueNumber: null,
    issuedAt: null,
    verifyCode: null,
    events: [
      {
        status: 'REQUESTED',
        actorType: 'patient',
        actorName: '김민지',
        note: '',
        at: '2026-11-24T01:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

let rt: ReturnType<typeof createTestRealtime>;
beforeEach(() => {
  rt = createTestRealtime();
  session.setTokens({ accessToken: 'a', refreshToken: 'r' });
  session.setLoginId('demo');
  session.setMyData(patientProfile({ idx: 7, choseHospitalIdx: 1, choseHospitalName: '서울중앙병원' }));
});
afterEach(() => {
  rt.rt.stop();
  vi.unstubAllGlobals();
});

const renderList = (path = '/hospital/documentrequest/list') =>
  renderScreen(withRealtime(rt, <DocumentRequestListScreen area="hospital" />), {
    path,
    pattern: '/hospital/documentrequest/list',
    otherRoutes: ['/hospital/common/hospitalselect', '/hospital/login', '/hospital/documentrequest/:idx'],
  });

describe('the document request list', () => {
  it('shows the empty state, then a request arriving live as 발급 완료', async () => {
    let issued = false;
    mockApi({
      [MINE]: () => ({ body: ok(issued ? [request({ status: 'ISSUED' })] : []) }),
    });
    renderList();
    expect(await screen.findByText('아직 신청한 서류가 없습니다.')).toBeInTheDocument();
    await vi.waitFor(() => expect(rt.clients).toHaveLength(1));
    const client = rt.clients[0]!;
    client.accept();
    await vi.waitFor(() => expect(client.subscribed).toContain(topics.notificationPatient(7)));
    issued = true;
    client.deliver(topics.notificationPatient(7), {
      idx: 1,
      kind: 'document',
      title: '서류 발급 완료',
      body: '진단서가 발급되었습니다.',
      deepLink: '#/hospital/documentrequest/5',
      data: { requestIdx: 5 },
      createdAt: '2026-11-24T02:00:00.000Z',
      readAt: null,
    });
    expect(await screen.findByText('발급 완료')).toBeInTheDocument();
  });

  it('shows the error state with a retry', async () => {
    mockApi({ [MINE]: () => ({ status: 500, body: fail(ResultCode.SERVER_ERROR) }) });
    renderList();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });

  it('shows each type’s fee before submitting, refuses empty fields in Korean and sends one request', async () => {
    const api = mockApi({
      [MINE]: () => ({ body: ok([]) }),
      [FEES]: () => ({ body: ok(fees) }),
      [CREATE]: () => ({ body: ok(request()) }),
      [ONE]: () => ({ body: ok(request()) }),
    });
    renderList('/hospital/documentrequest/list?new=1');
    const user = userEvent.setup();
    expect(await screen.findByTestId('document-fee')).toHaveTextContent('20,000원');
    await user.click(screen.getByRole('button', { name: '부수 +' }));
    expect(screen.getByTestId('document-fee')).toHaveTextContent('21,000원');
    await user.click(screen.getByRole('button', { name: '신청하기' }));
    expect(await screen.findByText('진료과를 입력해 주세요')).toBeInTheDocument();
    expect(screen.getByText('용도를 입력해 주세요')).toBeInTheDocument();
    expect(api.calls(CREATE)).toBe(0);

    // a bill: a period, no purpose, Korean only, free
    await user.click(screen.getByRole('radio', { name: '진료비 계산서·영수증' }));
    expect(screen.getByTestId('document-fee')).toHaveTextContent('무료');
    expect(screen.getByText('이 서류는 국문으로만 발급됩니다.')).toBeInTheDocument();
    expect(screen.queryByRole('radio', { name: '보험 청구' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('radio', { name: '진단서' }));

    await user.type(screen.getByLabelText('진료과'), '<b>내과</b>');
    await user.click(screen.getByRole('radio', { name: '보험 청구' }));
    await user.click(screen.getByRole('button', { name: '신청하기' }));
    await vi.waitFor(() => expect(api.calls(CREATE)).toBe(1));
    const sent = api.seen.find((r) => r.method === 'POST')!.body as Record<string, unknown>;
    expect(sent).toMatchObject({
      type: 'DIAGNOSIS',
      department: '<b>내과</b>',
      copies: 2,
      purpose: 'INSURANCE',
    });
    expect(String(sent.clientRequestId).length).toBeGreaterThanOrEqual(8);
  });
});

describe('the document request detail', () => {
  const renderDetail = () =>
    renderScreen(withRealtime(rt, <DocumentRequestDetailScreen area="hospital" idx="5" />), {
      path: '/hospital/documentrequest/5',
      pattern: '/hospital/documentrequest/:idx',
      otherRoutes: ['/hospital/documentrequest/list', '/hospital/login'],
    });

  it('shows the rejection reason as text and the timeline', async () => {
    mockApi({
      [ONE]: () => ({
        body: ok(
          request({
            status: 'REJECTED',
            rejectReason: '<img src=x onerror=alert(1)>',
            events: [
              ...request().events,
              {
                status: 'REJECTED',
                actorType: 'staff',
                actorName: '박원무',
                note: '<img src=x onerror=alert(1)>',
                at: '2026-11-24T02:00:00.000Z',
              },
            ],
          }),
        ),
      }),
    });
    renderDetail();
    expect(await screen.findByRole('heading', { name: '반려 사유' })).toBeInTheDocument();
    expect(screen.getAllByText('<img src=x onerror=alert(1)>')).toHaveLength(2);
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(screen.getByText(/병원 담당자 박원무/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '신청 취소' })).not.toBeInTheDocument();
  });

  it('offers the download once issued, with the verification code', async () => {
    mockApi({
      [ONE]: () => ({
        body: ok(
          request({
            status: 'ISSUED',
            issueNumber: '2026-1-000001',
            issuedAt: '2026-11-24T03:00:00.000Z',
            verifyCode: 'ABCD-EFGH-JKMN-PQRS',
          }),
        ),
      }),
    });
    renderDetail();
    expect(await screen.findByRole('button', { name: 'PDF 내려받기' })).toBeInTheDocument();
    expect(screen.getByText('ABCD-EFGH-JKMN-PQRS')).toBeInTheDocument();
    expect(screen.getByText('2026-1-000001')).toBeInTheDocument();
  });

  it('says when the request does not exist', async () => {
    mockApi({ [ONE]: () => ({ status: 404, body: fail(ResultCode.NOT_FOUND) }) });
    renderDetail();
    expect(await screen.findByText('찾을 수 없는 신청입니다.')).toBeInTheDocument();
  });
});
