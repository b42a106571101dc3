import { apiPaths } from '@smartcare/contract/api-paths';
import { screen, within } from '@testing-library/dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Area } from '../../config/area';
import { session } from '../../lib/session';
import { ok, patientProfile } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import { chatMessage, chatRoom, createTestRealtime, withRealtime } from '../../testing/realtime-fakes';
import { renderScreen } from '../../testing/render';
import { ConsultingChatScreen } from './consulting-chat-screen';

/** Issue 10 points 3 and 4 in the patient's chat (decision 011). */
const ROOM = `GET ${apiPaths.chat.currentRoom}`;
const MESSAGES = `GET ${apiPaths.chat.messages}`;

let test: ReturnType<typeof createTestRealtime>;

function renderChat(area: Area) {
  const base = area === 'hospital' ? '/hospital' : '/homecare';
  return renderScreen(withRealtime(test, <ConsultingChatScreen area={area} />), {
    path: `${base}/consulting/chat`,
    otherRoutes: [`${base}/common/hospitalselect`, `${base}/login`, '/hospital/nursecalling/list'],
  });
}

const serve = (messages: ReturnType<typeof chatMessage>[], status: 'NONE' | 'WAIT' = 'WAIT') =>
  mockApi({
    [ROOM]: () => ({ body: ok(chatRoom({ status, botActive: true })) }),
    [MESSAGES]: () => ({ body: ok({ dataList: messages, totalCount: messages.length, pNum: 1, pSize: 30 }) }),
  });

const bot = (idx: number, content: string, notice: 'URGENT' | 'URGENT_SELF_HARM' | 'STAFF_JOINED') =>
  chatMessage({ idx, personType: 'CHATBOT', senderIdx: 0, senderName: '스마트케어 챗봇', content, notice });

beforeEach(() => {
  test = createTestRealtime();
  session.setTokens({ accessToken: 'a', refreshToken: 'r' });
  session.setLoginId('demo');
  session.setMyData(
    patientProfile({ idx: 7, loginId: 'demo', choseHospitalIdx: 1, choseHospitalName: '서울중앙병원' }),
  );
});
afterEach(() => {
  test.rt.stop();
  vi.unstubAllGlobals();
});

describe('urgent guidance in the chat', () => {
  it('offers an inpatient the nurse call and 119 right under the guidance', async () => {
    serve([
      chatMessage({ idx: 1, content: '가슴이 너무 아프고 숨이 차요' }),
      bot(2, '응급 상황일 수 있어요.', 'URGENT'),
    ]);
    renderChat('hospital');
    const actions = await screen.findByRole('group', { name: '응급 안내' });
    expect(within(actions).getByRole('link', { name: '간호사 호출' })).toHaveAttribute(
      'href',
      '/hospital/nursecalling/list',
    );
    expect(within(actions).getByRole('link', { name: '119 전화하기' })).toHaveAttribute('href', 'tel:119');
    expect(within(actions).queryByRole('link', { name: /109/ })).toBeNull();
  });

  it('offers a home-care patient 119 but no nurse call', async () => {
    serve([bot(2, '응급 상황일 수 있어요.', 'URGENT')]);
    renderChat('homecare');
    const actions = await screen.findByRole('group', { name: '응급 안내' });
    expect(within(actions).queryByRole('link', { name: '간호사 호출' })).toBeNull();
    expect(within(actions).getByRole('link', { name: '119 전화하기' })).toBeInTheDocument();
  });

  it('adds 109 for thoughts of self-harm', async () => {
    serve([bot(2, '많이 힘드시군요.', 'URGENT_SELF_HARM')]);
    renderChat('hospital');
    const actions = await screen.findByRole('group', { name: '응급 안내' });
    expect(within(actions).getByRole('link', { name: '109 자살예방상담전화' })).toHaveAttribute(
      'href',
      'tel:109',
    );
    expect(within(actions).getByRole('link', { name: '119 전화하기' })).toBeInTheDocument();
  });

  it('shows a plain answer without emergency buttons', async () => {
    serve(
      [
        chatMessage({
          idx: 2,
          personType: 'CHATBOT',
          senderIdx: 0,
          content: '면회 시간은 오후 6시부터입니다.',
        }),
      ],
      'NONE',
    );
    renderChat('hospital');
    await screen.findByText('면회 시간은 오후 6시부터입니다.');
    expect(screen.queryByRole('group', { name: '응급 안내' })).toBeNull();
  });
});

describe('the hand-over in the chat', () => {
  it('shows a nurse joining as a notice line, not a bot bubble', async () => {
    serve([bot(3, '이간호 간호사가 상담에 참여했습니다', 'STAFF_JOINED')]);
    renderChat('hospital');
    const notice = (await screen.findByText('이간호 간호사가 상담에 참여했습니다')).closest('li')!;
    expect(notice).toHaveClass('chat-notice');
    expect(notice).not.toHaveClass('chat-row-bot');
  });

  it('offers "상담원 연결" while the bot has the room, not once the room waits for staff', async () => {
    serve([chatMessage({ idx: 1, content: '질문' })], 'WAIT');
    renderChat('hospital');
    await screen.findByText('질문');
    expect(screen.queryByRole('button', { name: '상담원 연결' })).toBeNull();
  });

  it('offers "상담원 연결" in a room the bot is handling', async () => {
    serve([chatMessage({ idx: 1, content: '질문' })], 'NONE');
    renderChat('hospital');
    expect(await screen.findByRole('button', { name: '상담원 연결' })).toBeInTheDocument();
  });
});
