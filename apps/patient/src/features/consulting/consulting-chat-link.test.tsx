import { apiPaths } from '@smartcare/contract/api-paths';
import type { ChatMessage } from '@smartcare/contract/chat';
import { screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Area } from '../../config/area';
import { session } from '../../lib/session';
import { ok, patientProfile } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import { chatMessage, chatRoom, createTestRealtime, withRealtime } from '../../testing/realtime-fakes';
import { renderScreen } from '../../testing/render';
import { ConsultingChatScreen } from './consulting-chat-screen';

/** Issue 14: a chatbot answer carries the FAQ entry or guide it quotes, as a button. */
const ROOM = `GET ${apiPaths.chat.currentRoom}`;
const MESSAGES = `GET ${apiPaths.chat.messages}`;

let test: ReturnType<typeof createTestRealtime>;

function renderChat(area: Area) {
  const base = area === 'hospital' ? '/hospital' : '/homecare';
  return renderScreen(withRealtime(test, <ConsultingChatScreen area={area} />), {
    path: `${base}/consulting/chat`,
    otherRoutes: [
      `${base}/common/hospitalselect`,
      `${base}/login`,
      '/hospital/nursecalling/list',
      '/hospital/news/:idx',
      '/hospital/guidesearch/:idx',
    ],
  });
}

const serve = (messages: ChatMessage[]) =>
  mockApi({
    [ROOM]: () => ({ body: ok(chatRoom({ status: 'NONE', botActive: true })) }),
    [MESSAGES]: () => ({ body: ok({ dataList: messages, totalCount: messages.length, pNum: 1, pSize: 30 }) }),
  });

const answer = (idx: number, link: ChatMessage['link'], content = '주차 요금은 30분당 1,000원입니다.') =>
  chatMessage({ idx, personType: 'CHATBOT', senderIdx: 0, senderName: '스마트케어 챗봇', content, link });

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

describe('the source of a chatbot answer', () => {
  it('opens an FAQ entry at /hospital/news/{idx} and a guide at /hospital/guidesearch/{idx}', async () => {
    serve([
      answer(2, { kind: 'FAQ', idx: 41, title: '주차 요금은 얼마인가요?' }),
      answer(3, { kind: 'GUIDE', idx: 97, title: '주차장 이용 안내' }, '지하 1~3층 주차장을 이용해 주세요.'),
    ]);
    renderChat('hospital');
    const [faq, guide] = await screen.findAllByRole('group', { name: '챗봇 답변의 출처' });
    expect(
      within(faq!).getByRole('link', { name: '자주 묻는 질문 「주차 요금은 얼마인가요?」 전체 보기' }),
    ).toHaveAttribute('href', '/hospital/news/41');
    expect(
      within(guide!).getByRole('link', { name: '병원 안내 「주차장 이용 안내」 전체 보기' }),
    ).toHaveAttribute('href', '/hospital/guidesearch/97');
  });

  it('goes to the entry when tapped', async () => {
    serve([answer(2, { kind: 'GUIDE', idx: 97, title: '주차장 이용 안내' })]);
    const { router } = renderChat('hospital');
    await userEvent.click(await screen.findByRole('link', { name: /주차장 이용 안내/ }));
    expect(router.state.location.pathname).toBe('/hospital/guidesearch/97');
  });

  it('shows the title as text, never as markup', async () => {
    serve([answer(2, { kind: 'FAQ', idx: 5, title: '<img src=x onerror=alert(1)> 면회' })]);
    renderChat('hospital');
    const link = await screen.findByRole('link', { name: /면회/ });
    expect(link.textContent).toContain('<img src=x onerror=alert(1)>');
    expect(link.querySelector('img')).toBeNull();
  });

  it('has no button on a message without a source', async () => {
    serve([answer(2, null, '담당 직원이 곧 답변드리겠습니다.')]);
    renderChat('hospital');
    await screen.findByText('담당 직원이 곧 답변드리겠습니다.');
    expect(screen.queryByRole('group', { name: '챗봇 답변의 출처' })).toBeNull();
  });

  it('has no button in the home-care area, which has no hospital guide screens', async () => {
    serve([answer(2, { kind: 'FAQ', idx: 41, title: '주차 요금은 얼마인가요?' })]);
    renderChat('homecare');
    await screen.findByText('주차 요금은 30분당 1,000원입니다.');
    expect(screen.queryByRole('group', { name: '챗봇 답변의 출처' })).toBeNull();
  });
});
