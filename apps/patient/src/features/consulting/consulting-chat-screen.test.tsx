import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import { screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { fail, ok, patientProfile } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import { chatMessage, chatRoom, createTestRealtime, withRealtime } from '../../testing/realtime-fakes';
import { renderScreen } from '../../testing/render';
import { ConsultingChatScreen } from './consulting-chat-screen';

const ROOM = `GET ${apiPaths.chat.currentRoom}`;
const MESSAGES = `GET ${apiPaths.chat.messages}`;
const CHAT = '/hospital/consulting/chat';
const profile = patientProfile({
  idx: 7,
  loginId: 'demo',
  choseHospitalIdx: 1,
  choseHospitalName: '서울중앙병원',
});

let test: ReturnType<typeof createTestRealtime>;

function renderChat() {
  return renderScreen(withRealtime(test, <ConsultingChatScreen area="hospital" />), {
    path: CHAT,
    otherRoutes: ['/hospital/common/hospitalselect', '/hospital/login'],
  });
}

const page = (dataList: ReturnType<typeof chatMessage>[], totalCount = dataList.length, pNum = 1) => ({
  body: ok({ dataList, totalCount, pNum, pSize: 30 }),
});

beforeEach(() => {
  test = createTestRealtime();
  session.setTokens({ accessToken: 'a', refreshToken: 'r' });
  session.setLoginId('demo');
  session.setMyData(profile);
});
afterEach(() => {
  test.rt.stop();
  vi.unstubAllGlobals();
});

describe('the consulting chat', () => {
  it('shows the conversation: the patient on the right, staff by name, the bot labelled, days separated, the status in words', async () => {
    mockApi({
      [ROOM]: () => ({ body: ok(chatRoom({ status: 'STANDBY' })) }),
      [MESSAGES]: () =>
        page([
          chatMessage({ idx: 1, content: '면회 시간이 궁금해요', createdAt: '2026-11-20T01:00:00.000Z' }),
          chatMessage({
            idx: 2,
            personType: 'CHATBOT',
            senderIdx: 0,
            senderName: '스마트케어 챗봇',
            content: '면회 시간은 오후 6시부터입니다.',
            createdAt: '2026-11-20T01:00:05.000Z',
          }),
          chatMessage({
            idx: 3,
            personType: 'USER',
            senderIdx: 3,
            senderName: '이간호',
            content: '더 궁금한 점 있으세요?',
            createdAt: '2026-11-22T01:00:00.000Z',
          }),
        ]),
    });
    renderChat();
    const log = await screen.findByRole('log', { name: '대화 내용' });
    expect(within(log).getByText('면회 시간이 궁금해요').closest('li')).toHaveClass('chat-row-mine');
    const staff = within(log).getByText('더 궁금한 점 있으세요?').closest('li')!;
    expect(staff).toHaveClass('chat-row-staff');
    expect(staff).toHaveTextContent('이간호');
    const bot = within(log).getByText('면회 시간은 오후 6시부터입니다.').closest('li')!;
    expect(bot).toHaveClass('chat-row-bot');
    expect(bot).toHaveTextContent('챗봇');
    // Two days, two separators.
    expect(log.querySelectorAll('.chat-date')).toHaveLength(2);
    expect(screen.getByRole('region', { name: '상담 상태' })).toHaveTextContent('상담 중');
  });

  it('renders what people write as text, never as markup', async () => {
    mockApi({
      [ROOM]: () => ({ body: ok(chatRoom()) }),
      [MESSAGES]: () => page([chatMessage({ content: '<img src=x onerror="alert(1)"><b>굵게</b>' })]),
    });
    const { container } = renderChat();
    expect(
      await screen.findByText('<img src=x onerror="alert(1)"><b>굵게</b>', { exact: false }),
    ).toBeInTheDocument();
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('b')).toBeNull();
  });

  it('sends a patient without a chosen hospital to choose one first (spec §5)', async () => {
    session.setMyData(patientProfile({ idx: 7, choseHospitalIdx: null }));
    renderChat();
    expect(await screen.findByTestId('landed')).toHaveTextContent('/hospital/common/hospitalselect');
    expect(test.clients).toHaveLength(0);
  });

  it('says when the conversation cannot be loaded, and tries again on request', async () => {
    mockApi({
      [ROOM]: (_request, call) =>
        call === 1 ? { status: 500, body: fail(ResultCode.SERVER_ERROR, '') } : { body: ok(chatRoom()) },
      [MESSAGES]: () => page([]),
    });
    renderChat();
    await userEvent.setup().click(await screen.findByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('아직 대화가 없습니다. 궁금한 점을 입력해 주세요.')).toBeInTheDocument();
  });

  it('keeps a message written while offline as waiting, and sends it once connected', async () => {
    mockApi({ [ROOM]: () => ({ body: ok(chatRoom()) }), [MESSAGES]: () => page([]) });
    renderChat();
    const user = userEvent.setup();
    await user.type(await screen.findByRole('textbox', { name: '메시지 입력' }), '약은 언제 먹나요?');
    await user.click(screen.getByRole('button', { name: '보내기' }));
    const waiting = screen.getByText('약은 언제 먹나요?').closest('li')!;
    expect(waiting).toHaveTextContent('연결되면 보냅니다');
    expect(screen.getByRole('textbox', { name: '메시지 입력' })).toHaveValue('');

    test.clients.at(-1)!.accept();
    await vi.waitFor(() => expect(test.clients.at(-1)!.published).toHaveLength(1));
    expect(test.clients.at(-1)!.published[0]!.payload).toMatchObject({ content: '약은 언제 먹나요?' });
  });

  it('shows a message written offline before the app was closed as waiting, and sends it with its id once connected', async () => {
    mockApi({ [ROOM]: () => ({ body: ok(chatRoom()) }), [MESSAGES]: () => page([]) });
    const before = createTestRealtime();
    before.rt.start(profile);
    const written = before.rt.chat.send('밤에 잠이 안 와요')!;
    before.rt.stop();

    renderChat();
    const waiting = (await screen.findByText('밤에 잠이 안 와요')).closest('li')!;
    expect(waiting).toHaveTextContent('연결되면 보냅니다');
    await vi.waitFor(() => expect(test.clients).toHaveLength(1));
    test.clients[0]!.accept();
    await vi.waitFor(() => expect(test.clients[0]!.published).toHaveLength(1));
    expect(test.clients[0]!.published[0]!.payload).toEqual({
      clientMsgId: written.clientMsgId,
      content: '밤에 잠이 안 와요',
    });
  });

  it('loads older pages on request and keeps them in order', async () => {
    const api = mockApi({
      [ROOM]: () => ({ body: ok(chatRoom()) }),
      [MESSAGES]: (request) =>
        request.query.get('pNum') === '1'
          ? page([chatMessage({ idx: 31, content: '최근 메시지' })], 31)
          : page([chatMessage({ idx: 1, content: '처음 메시지' })], 31, 2),
    });
    renderChat();
    await userEvent.setup().click(await screen.findByRole('button', { name: '이전 대화 보기' }));
    expect(await screen.findByText('처음 메시지')).toBeInTheDocument();
    const texts = [...document.querySelectorAll('.chat-bubble')].map((el) => el.textContent);
    expect(texts).toEqual(['나: 처음 메시지', '나: 최근 메시지']);
    expect(api.seen.filter((r) => r.path === apiPaths.chat.messages).map((r) => r.query.get('pNum'))).toEqual(
      ['1', '2'],
    );
    expect(screen.queryByRole('button', { name: '이전 대화 보기' })).toBeNull();
  });

  it('after a finished consultation offers a new one, with an empty conversation', async () => {
    mockApi({
      [ROOM]: () => ({ body: ok(chatRoom({ status: 'COMPLETE' })) }),
      [MESSAGES]: () => page([chatMessage({ content: '감사합니다' })]),
    });
    renderChat();
    expect(await screen.findByText('상담이 종료되었습니다. 이용해 주셔서 감사합니다.')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: '메시지 입력' })).toBeNull();
    expect(screen.queryByRole('button', { name: '상담 종료' })).toBeNull();
    await userEvent.setup().click(screen.getByRole('button', { name: '새 상담 시작하기' }));
    expect(screen.getByText('새 상담을 시작합니다. 궁금한 점을 입력해 주세요.')).toBeInTheDocument();
    expect(screen.queryByText('감사합니다')).toBeNull();
    expect(screen.getByRole('textbox', { name: '메시지 입력' })).toBeInTheDocument();
  });

  it('hands the room to staff with the 상담원 연결 button', async () => {
    mockApi({
      [ROOM]: () => ({ body: ok(chatRoom({ status: 'NONE', idx: undefined, persons: [] })) }),
      [MESSAGES]: () => page([]),
    });
    renderChat();
    await vi.waitFor(() => expect(test.clients).toHaveLength(1));
    test.clients[0]!.accept();
    await userEvent.setup().click(await screen.findByRole('button', { name: '상담원 연결' }));
    await vi.waitFor(() => expect(test.clients[0]!.published).toHaveLength(1));
    expect(test.clients[0]!.published[0]).toMatchObject({
      topic: 'chat/-7/message',
      payload: { content: '상담원 연결' },
    });
  });
});
