import { apiPaths } from '@smartcare/contract/api-paths';
import type { Page } from '@smartcare/contract/paging';
import type { QnaQuestion, QnaSummary } from '@smartcare/contract/qna';
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
import { QnaDetailScreen } from './qna-detail-screen';
import { QnaListScreen } from './qna-list-screen';
import { QnaRegisterScreen } from './qna-register-screen';

const MINE = `GET ${apiPaths.qna.getMyQuestions}`;
const ONE = `GET ${apiPaths.qna.getQuestion}`;
const PHOTO = `GET ${apiPaths.qna.getPhoto}`;
const CREATE = `POST ${apiPaths.qna.createQuestion}`;
const FOLLOW = `POST ${apiPaths.qna.addFollowUp}`;

function summary(overrides: Partial<QnaSummary> = {}): QnaSummary {
  return {
    idx: 3,
    category: 'SYMPTOM',
    title: '아침에 어지러워요',
    status: 'WAITING',
    photoCount: 0,
    askedAt: '2026-11-24T01:00:00.000Z',
    waitingSince: '2026-11-24T01:00:00.000Z',
    lastActivityAt: '2026-11-24T01:00:00.000Z',
    ...overrides,
  };
}
function question(overrides: Partial<QnaQuestion> = {}): QnaQuestion {
  return {
    ...summary(),
    text: '혈압약을 먹고 나면 어지럽습니다.',
    photoIdxs: [],
    messages: [],
    assigneeIdx: null,
    assigneeName: null,
    ...overrides,
  };
}
const page = (items: QnaSummary[], totalCount = items.length): Page<QnaSummary> => ({
  dataList: items,
  totalCount,
  pNum: 1,
  pSize: 10,
});

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

describe('the question list', () => {
  const renderList = () =>
    renderScreen(withRealtime(rt, <QnaListScreen />), {
      path: '/homecare/qna/list',
      pattern: '/homecare/qna/list',
      otherRoutes: ['/homecare/qna/regist', '/homecare/qna/:idx', '/homecare/home'],
    });

  it('shows the empty state, then an answer arriving live as 답변 완료', async () => {
    let answered = false;
    mockApi({ [MINE]: () => ({ body: ok(answered ? page([summary({ status: 'ANSWERED' })]) : page([])) }) });
    renderList();
    expect(await screen.findByText(/아직 남긴 질문이 없습니다/)).toBeInTheDocument();
    await vi.waitFor(() => expect(rt.clients).toHaveLength(1));
    const client = rt.clients[0]!;
    client.accept();
    await vi.waitFor(() => expect(client.subscribed).toContain(topics.notificationPatient(7)));
    answered = true;
    client.deliver(topics.notificationPatient(7), {
      idx: 1,
      kind: 'qna',
      title: '질문에 답변이 등록되었습니다',
      body: '아침에 어지러워요',
      deepLink: '#/homecare/qna/3',
      data: { questionIdx: 3 },
      createdAt: '2026-11-24T02:00:00.000Z',
      readAt: null,
    });
    expect(await screen.findByText('답변 완료')).toBeInTheDocument();
    expect(screen.getByText('아침에 어지러워요')).toBeInTheDocument();
  });

  it('pages through older questions', async () => {
    const api = mockApi({
      [MINE]: (req) => {
        const pNum = Number(req.query.get('pNum'));
        return { body: ok({ ...page([summary({ idx: pNum, title: `질문 ${pNum}` })], 15), pNum }) };
      },
    });
    renderList();
    expect(await screen.findByText('질문 1')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: '이전 질문' }));
    expect(await screen.findByText('질문 2')).toBeInTheDocument();
    expect(screen.getByText('2쪽 중 2쪽')).toBeInTheDocument();
    expect(api.calls(MINE)).toBeGreaterThanOrEqual(2);
  });

  it('shows the error state with a retry', async () => {
    mockApi({ [MINE]: () => ({ status: 500, body: fail(ResultCode.SERVER_ERROR) }) });
    renderList();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });
});

describe('the question form', () => {
  const renderForm = () =>
    renderScreen(withRealtime(rt, <QnaRegisterScreen />), {
      path: '/homecare/qna/regist',
      pattern: '/homecare/qna/regist',
      otherRoutes: ['/homecare/qna/list', '/homecare/qna/:idx'],
    });

  it('refuses empty fields in Korean, then sends one question for a double tap', async () => {
    const api = mockApi({
      [CREATE]: () => ({ body: ok(question()) }),
      [ONE]: () => ({ body: ok(question()) }),
    });
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '질문 보내기' }));
    expect(await screen.findByText('질문 분류를 골라 주세요')).toBeInTheDocument();
    expect(screen.getByText('제목을 입력해 주세요')).toBeInTheDocument();
    expect(screen.getByText('질문 내용을 입력해 주세요')).toBeInTheDocument();
    expect(api.calls(CREATE)).toBe(0);

    await user.click(screen.getByRole('radio', { name: '증상' }));
    await user.type(screen.getByLabelText('제목'), '<b>어지러움</b>');
    await user.type(screen.getByLabelText('질문 내용'), '아침마다 어지럽습니다');
    const send = screen.getByRole('button', { name: '질문 보내기' });
    await user.dblClick(send);
    await vi.waitFor(() => expect(api.calls(CREATE)).toBeGreaterThanOrEqual(1));
    const bodies = api.seen.filter((r) => r.method === 'POST').map((r) => r.body as Record<string, unknown>);
    expect(bodies[0]).toMatchObject({ category: 'SYMPTOM', title: '<b>어지러움</b>', photos: [] });
    // Every send of this form carries the same request id: the server keeps one question.
    expect(new Set(bodies.map((b) => b.clientRequestId)).size).toBe(1);
  });

  it('refuses a file that is not a photo, with the reason in Korean', async () => {
    mockApi({});
    renderForm();
    const input = document.querySelector<HTMLInputElement>('input[type=file]')!;
    await userEvent
      .setup({ applyAccept: false })
      .upload(input, new File(['x'], 'note.txt', { type: 'text/plain' }));
    expect(await screen.findByText('사진은 JPEG, PNG, HEIC 파일만 올릴 수 있습니다')).toBeInTheDocument();
  });

  it("shows the server's per-field message", async () => {
    mockApi({
      [CREATE]: () => ({
        status: 400,
        body: fail(ResultCode.QNA_INVALID, '', {
          fields: [{ field: 'photos.0', message: '사진은 JPEG, PNG, HEIC 파일만 올릴 수 있습니다' }],
        }),
      }),
    });
    renderForm();
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: '복약' }));
    await user.type(screen.getByLabelText('제목'), '약 시간');
    await user.type(screen.getByLabelText('질문 내용'), '언제 먹나요');
    await user.upload(
      document.querySelector<HTMLInputElement>('input[type=file]')!,
      new File([new Uint8Array([0xff, 0xd8, 0xff, 0x00])], 'a.jpg', { type: 'image/jpeg' }),
    );
    expect(await screen.findByRole('img', { name: '올린 사진 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '질문 보내기' }));
    expect(await screen.findByText('사진은 JPEG, PNG, HEIC 파일만 올릴 수 있습니다')).toBeInTheDocument();
  });
});

describe('the question', () => {
  const renderDetail = () =>
    renderScreen(withRealtime(rt, <QnaDetailScreen idx="3" />), {
      path: '/homecare/qna/3',
      pattern: '/homecare/qna/:idx',
      otherRoutes: ['/homecare/qna/list'],
    });

  it("shows the photo and the care team's answer with name and role, XSS as text; a follow-up is sent", async () => {
    const api = mockApi({
      [ONE]: () => ({
        body: ok(
          question({
            status: 'ANSWERED',
            photoIdxs: [11],
            text: '<img src=x onerror=alert(1)>',
            messages: [
              {
                idx: 1,
                authorType: 'staff',
                authorName: '김답변',
                authorRole: 'NURSE',
                text: '물을 충분히 드세요.',
                at: '2026-11-24T02:00:00.000Z',
              },
            ],
          }),
        ),
      }),
      [PHOTO]: () => ({ body: ok({ contentType: 'image/jpeg', dataBase64: '/9j/' }) }),
      [FOLLOW]: () => ({ body: ok(question({ status: 'WAITING' })) }),
    });
    renderDetail();
    expect(await screen.findByText('김답변 간호사')).toBeInTheDocument();
    expect(screen.getByText('물을 충분히 드세요.')).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
    expect(await screen.findByRole('img', { name: '올린 사진 1' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '추가 질문 보내기' }));
    expect(await screen.findByText('추가 질문을 입력해 주세요')).toBeInTheDocument();
    expect(api.calls(FOLLOW)).toBe(0);
    await user.type(screen.getByLabelText('추가 질문'), '그래도 어지럽습니다');
    await user.click(screen.getByRole('button', { name: '추가 질문 보내기' }));
    await vi.waitFor(() => expect(api.calls(FOLLOW)).toBe(1));
  });

  it('offers no follow-up once closed', async () => {
    mockApi({ [ONE]: () => ({ body: ok(question({ status: 'CLOSED' })) }) });
    renderDetail();
    expect(await screen.findByText(/종료된 질문입니다/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '추가 질문 보내기' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '질문 종료하기' })).not.toBeInTheDocument();
  });

  it('says when the question does not exist', async () => {
    mockApi({ [ONE]: () => ({ status: 404, body: fail(ResultCode.NOT_FOUND) }) });
    renderDetail();
    expect(await screen.findByText('질문을 찾을 수 없습니다.')).toBeInTheDocument();
  });
});
