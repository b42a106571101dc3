import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import { topics } from '@smartcare/contract/topics';
import { screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { act, Profiler } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { fail, ok, patientProfile } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import { createTestRealtime, nurseCall, withRealtime } from '../../testing/realtime-fakes';
import { renderScreen } from '../../testing/render';
import { NurseCallListScreen } from './nurse-call-list-screen';

const MY_CALLS = `GET ${apiPaths.nurseCall.getMyCalls}`;
const MY_ADMISSION = `GET ${apiPaths.admission.getMyAdmission}`;
const admitted = () => ({
  body: ok({
    hospitalIdx: 1,
    hospitalName: '서울중앙병원',
    ward: '8병동',
    bed: '805-1',
    admittedAt: '2026-11-20T01:00:00.000Z',
  }),
});
const profile = patientProfile({
  idx: 7,
  loginId: 'demo',
  choseHospitalIdx: 1,
  choseHospitalName: '서울중앙병원',
  ward: '7병동',
  bed: '703-2',
});

let test: ReturnType<typeof createTestRealtime>;

function renderNurseCall() {
  return renderScreen(withRealtime(test, <NurseCallListScreen area="hospital" />), {
    path: '/hospital/nursecalling/list',
    otherRoutes: ['/hospital/common/hospitalselect', '/hospital/login'],
  });
}

async function connected() {
  await vi.waitFor(() => expect(test.clients).toHaveLength(1));
  const client = test.clients[0]!;
  client.accept();
  await vi.waitFor(() => expect(client.subscribed).toContain(topics.nurseCallingPatient(1, 7)));
  return client;
}

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

describe('calling a nurse', () => {
  it('always says it is not the emergency channel, and shows the ward and bed staff registered, not the profile’s', async () => {
    mockApi({ [MY_ADMISSION]: admitted, [MY_CALLS]: () => ({ body: ok([]) }) });
    renderNurseCall();
    expect(screen.getByText(/응급 호출 수단이 아닙니다/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '119 전화하기' })).toHaveAttribute('href', 'tel:119');
    expect(await screen.findByText('8병동 805-1')).toBeInTheDocument();
    expect(screen.queryByText('7병동 703-2')).not.toBeInTheDocument();
    expect(await screen.findByText('호출한 내역이 없습니다.')).toBeInTheDocument();
    for (const label of ['응급', '낙상', '통증', '수액', '화장실', '물', '기타']) {
      expect(screen.getByRole('button', { name: new RegExp(`^${label}`) })).toBeEnabled();
    }
  });

  it('publishes the call with its reason, and the list follows the nurse’s acknowledgement live', async () => {
    let calls = [] as ReturnType<typeof nurseCall>[];
    mockApi({ [MY_ADMISSION]: admitted, [MY_CALLS]: () => ({ body: ok(calls) }) });
    renderNurseCall();
    const client = await connected();
    await screen.findByText('호출한 내역이 없습니다.');

    calls = [nurseCall({ idx: 5, reason: 'PAIN' })];
    await userEvent.setup().click(screen.getByRole('button', { name: /^통증/ }));
    expect(client.published[0]).toMatchObject({ topic: 'nurseCalling/1', payload: { reason: 'PAIN' } });
    expect(await screen.findByText('간호사를 호출했습니다.')).toBeInTheDocument();
    expect(await screen.findAllByText('호출됨')).not.toHaveLength(0);
    // One open call at a time: the other reasons rest until it is over, but 응급 and 낙상 raise it.
    expect(screen.getByRole('button', { name: /^통증/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^물/ })).toBeDisabled();
    expect(screen.getByRole('button', { name: /^응급/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: /^낙상/ })).toBeEnabled();

    client.deliver(topics.nurseCallingPatient(1, 7), {
      event: 'update',
      call: nurseCall({
        idx: 5,
        reason: 'PAIN',
        status: 'ACKNOWLEDGED',
        acknowledgedByName: '이간호',
        acknowledgedAt: '2026-11-22T01:01:00.000Z',
      }),
    });
    expect((await screen.findAllByText('이간호 님이 확인했습니다')).length).toBeGreaterThan(0);
    expect(screen.getByText('간호사가 확인했습니다. 곧 찾아가겠습니다.')).toBeInTheDocument();

    client.deliver(topics.nurseCallingPatient(1, 7), {
      event: 'update',
      call: nurseCall({ idx: 5, reason: 'PAIN', status: 'DONE' }),
    });
    expect(await screen.findByText('완료')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^통증/ })).toBeEnabled();
  });

  it('says so when there is no connection, pointing to the bed button', async () => {
    mockApi({ [MY_ADMISSION]: admitted, [MY_CALLS]: () => ({ body: ok([]) }) });
    renderNurseCall();
    await screen.findByText('호출한 내역이 없습니다.');
    await userEvent.setup().click(screen.getByRole('button', { name: /^물/ }));
    expect(
      await screen.findByText(
        '연결되어 있지 않아 호출을 보낼 수 없습니다. 병상의 호출 버튼을 이용해 주세요.',
      ),
    ).toBeInTheDocument();
  });

  it('cancels an open call after asking', async () => {
    let cancelled: unknown = null;
    mockApi({
      [MY_ADMISSION]: admitted,
      [MY_CALLS]: () => ({ body: ok([nurseCall({ idx: 9, reason: 'WATER' })]) }),
      [`PUT ${apiPaths.nurseCall.cancel}`]: (request) => {
        cancelled = request.body;
        return { body: ok(nurseCall({ idx: 9, reason: 'WATER', status: 'CANCELLED' })) };
      },
    });
    renderNurseCall();
    // antd-mobile's dialog keeps pointer-events off while it animates in; jsdom never finishes that.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('button', { name: '호출 취소' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('호출을 취소하시겠습니까?');
    await user.click(within(dialog).getByRole('button', { name: '호출 취소' }));
    expect(await screen.findByText('호출을 취소했습니다.')).toBeInTheDocument();
    expect(cancelled).toEqual({ callIdx: 9 });
    expect(screen.getByText('취소됨')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^물/ })).toBeEnabled();
  });

  it('offers a retry when the calls cannot be loaded', async () => {
    mockApi({
      [MY_ADMISSION]: admitted,
      [MY_CALLS]: () => ({ status: 500, body: fail(ResultCode.SERVER_ERROR, '') }),
    });
    renderNurseCall();
    expect(await screen.findByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });

  it('sends a patient without a chosen hospital to choose one first', async () => {
    session.setMyData(patientProfile({ idx: 7, choseHospitalIdx: null }));
    renderNurseCall();
    expect(await screen.findByTestId('landed')).toHaveTextContent('/hospital/common/hospitalselect');
  });

  // issue 10
  it('raises a pending call to 낙상 in one tap', async () => {
    mockApi({
      [MY_ADMISSION]: admitted,
      [MY_CALLS]: () => ({ body: ok([nurseCall({ idx: 5, reason: 'WATER' })]) }),
    });
    renderNurseCall();
    const client = await connected();
    await userEvent.setup().click(await screen.findByRole('button', { name: /^낙상/ }));
    expect(client.published[0]).toMatchObject({ topic: 'nurseCalling/1', payload: { reason: 'FALL' } });
    expect(await screen.findByText('호출을 낙상으로 올렸습니다.')).toBeInTheDocument();
  });

  it('asks what is needed for 기타 and sends the short text with it', async () => {
    mockApi({ [MY_ADMISSION]: admitted, [MY_CALLS]: () => ({ body: ok([]) }) });
    renderNurseCall();
    const client = await connected();
    const user = userEvent.setup();
    await screen.findByText('호출한 내역이 없습니다.');
    await user.click(screen.getByRole('button', { name: /^기타/ }));
    expect(client.published).toHaveLength(0);
    const note = screen.getByRole('textbox', { name: /필요한 도움/ });
    expect(note).toHaveAttribute('maxLength', '100');
    await user.type(note, '베개를 하나 더 주세요');
    await user.click(screen.getByRole('button', { name: '호출하기' }));
    expect(client.published[0]).toMatchObject({
      payload: { reason: 'OTHER', note: '베개를 하나 더 주세요' },
    });
  });

  it('says why a patient without an admission cannot call, and offers the chat instead', async () => {
    mockApi({ [MY_ADMISSION]: () => ({ body: ok(null) }), [MY_CALLS]: () => ({ body: ok([]) }) });
    renderNurseCall();
    expect(await screen.findByText('간호사 호출을 사용할 수 없습니다')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '상담 채팅으로 가기' })).toHaveAttribute(
      'href',
      expect.stringContaining('/hospital/consulting/chat'),
    );
    expect(screen.queryByRole('button', { name: /^응급/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '119 전화하기' })).toBeInTheDocument();
  });
});

describe('the nurse-call screen and the chat (issue 11)', () => {
  it('shows the connection state without re-rendering on the chat’s changes', async () => {
    mockApi({ [MY_ADMISSION]: admitted, [MY_CALLS]: () => ({ body: ok([]) }) });
    let commits = 0;
    renderScreen(
      withRealtime(
        test,
        <Profiler id="nurse-call" onRender={() => (commits += 1)}>
          <NurseCallListScreen area="hospital" />
        </Profiler>,
      ),
      { path: '/hospital/nursecalling/list', otherRoutes: ['/hospital/login'] },
    );
    await connected();
    expect(await screen.findByText('호출한 내역이 없습니다.')).toBeInTheDocument();
    await vi.waitFor(() => expect(test.connection.status()).toBe('connected'));
    await vi.waitFor(() => expect(screen.queryByText('연결하는 중입니다…')).not.toBeInTheDocument());
    // Let the screen settle (queries, effects) before counting.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const settled = commits;

    // A chat message the patient queues changes the chat's state, not this screen's.
    // The session started the chat (app/realtime-session.ts); here the test does.
    act(() => {
      test.rt.resume();
      test.rt.chat.send('물 좀 주세요');
    });
    expect(test.rt.snapshot().pending).toHaveLength(1);
    expect(commits).toBe(settled);
  });
});
