import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import {
  TELEMEDICINE_CONSENT_VERSION,
  type MyTelemedicineVisits,
  type TelemedicineVisit,
} from '@smartcare/contract/telemedicine';
import { topics } from '@smartcare/contract/topics';
import { FakePeerConnection, FakeStream, fakeLocalStream } from '@smartcare/web-core/video-call/fake-webrtc';
import { screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { fail, ok, patientProfile } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import { createTestRealtime, withRealtime } from '../../testing/realtime-fakes';
import { renderScreen } from '../../testing/render';
import { TelemedicineConfigScreen } from './telemedicine-config-screen';
import { TelemedicineDetailScreen } from './telemedicine-detail-screen';
import { TelemedicineListScreen } from './telemedicine-list-screen';
import { TelemedicineVideoCallScreen } from './telemedicine-videocall-screen';

const MINE = `GET ${apiPaths.telemedicine.getMyVisits}`;
const ONE = `GET ${apiPaths.telemedicine.getMyVisit}`;
const AGREE = `PUT ${apiPaths.telemedicine.agreeConsent}`;
const CHANGE = `PUT ${apiPaths.telemedicine.requestChange}`;
const ENTER = `PUT ${apiPaths.telemedicine.enterWaitingRoom}`;
const REPORT = `PUT ${apiPaths.telemedicine.reportDeviceCheck}`;
const ICE = `GET ${apiPaths.telemedicine.getIceServers}`;
const PROBE = 'GET /telemedicine/networkProbe';

const inMinutes = (m: number) => new Date(Date.now() + m * 60_000).toISOString();

function visit(overrides: Partial<TelemedicineVisit> = {}): TelemedicineVisit {
  return {
    visitIdx: 5,
    hospitalIdx: 1,
    hospitalName: '서울중앙병원',
    patientIdx: 7,
    clinician: { staffIdx: 3, name: '이간호', role: 'NURSE' },
    department: '내과',
    scheduledAt: inMinutes(5),
    durationMin: 30,
    reason: '혈압약 복용 후 어지러움 상담',
    preparation: '최근 일주일 혈압 기록',
    status: 'BOOKED',
    enterOpensAt: inMinutes(-5),
    enterClosesAt: inMinutes(35),
    canEnter: true,
    waitingSince: null,
    queue: null,
    callStartedAt: null,
    callEndedAt: null,
    summary: null,
    request: null,
    deviceCheck: null,
    history: [],
    consentCurrent: true,
    ...overrides,
  };
}
const mine = (upcoming: TelemedicineVisit[], past: TelemedicineVisit[] = []): MyTelemedicineVisits => ({
  upcoming,
  past,
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

describe('the visit list', () => {
  const renderList = () =>
    renderScreen(withRealtime(rt, <TelemedicineListScreen />), {
      path: '/homecare/telemedicine/list',
      otherRoutes: ['/homecare/telemedicine/:idx', '/homecare/telemedicine/config', '/homecare/home'],
    });

  it('puts the next visit on top with 입장하기 (to the device check first), then the past ones in Korean', async () => {
    mockApi({
      [MINE]: () => ({
        body: ok(
          mine(
            [visit(), visit({ visitIdx: 6, scheduledAt: inMinutes(60 * 24 * 7), canEnter: false })],
            [
              visit({ visitIdx: 2, status: 'COMPLETE', canEnter: false }),
              visit({ visitIdx: 1, status: 'NO_SHOW' }),
              visit({ visitIdx: 9, status: 'BOOKED', canEnter: false, scheduledAt: inMinutes(-60 * 24) }),
            ],
          ),
        ),
      }),
    });
    renderList();
    const next = await screen.findByRole('article');
    expect(within(next).getByText('다음 진료')).toBeInTheDocument();
    expect(within(next).getByText('이간호 간호사 · 내과')).toBeInTheDocument();
    expect(within(next).getByRole('link', { name: '입장하기' })).toHaveAttribute(
      'href',
      '/homecare/telemedicine/config?visitIdx=5',
    );
    expect(screen.getByText('완료')).toBeInTheDocument();
    expect(screen.getByText('불참')).toBeInTheDocument();
    // A booked visit whose window closed unused is listed as past, not as 예약됨.
    expect(screen.getByText('입장하지 않음')).toBeInTheDocument();
    expect(screen.getAllByText('예약됨')).toHaveLength(2);
  });

  it('enters straight to the waiting room after today’s device check; before the window, says when it opens', async () => {
    const checked = {
      camera: 'OK' as const,
      microphone: 'OK' as const,
      speakerConfirmed: true,
      rttMs: 20,
      downKbps: 5000,
      checkedAt: new Date().toISOString(),
    };
    mockApi({ [MINE]: () => ({ body: ok(mine([visit({ deviceCheck: checked })])) }) });
    renderList();
    expect(await screen.findByRole('link', { name: '입장하기' })).toHaveAttribute(
      'href',
      '/homecare/telemedicine/videocall?visitIdx=5',
    );
  });

  it('says when the room opens while it is closed', async () => {
    mockApi({
      [MINE]: () => ({ body: ok(mine([visit({ canEnter: false, enterOpensAt: inMinutes(50) })])) }),
    });
    renderList();
    expect(await screen.findByText(/부터 입장할 수 있습니다/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '입장하기' })).toBeNull();
  });

  it('has an empty state and an error state', async () => {
    mockApi({ [MINE]: () => ({ body: ok(mine([])) }) });
    const { unmount } = renderList();
    expect(await screen.findByText(/예약된 비대면 진료가 없습니다/)).toBeInTheDocument();
    unmount();
    mockApi({ [MINE]: () => ({ status: 500, body: fail(ResultCode.SERVER_ERROR) }) });
    renderList();
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });
});

describe('the visit detail', () => {
  const renderDetail = (idx = '5') =>
    renderScreen(withRealtime(rt, <TelemedicineDetailScreen idx={idx} readings={<p>혈압 128/82</p>} />), {
      path: `/homecare/telemedicine/${idx}`,
      pattern: '/homecare/telemedicine/:idx',
      otherRoutes: ['/homecare/telemedicine/list', '/homecare/telemedicine/config'],
    });

  it('asks for the consent before entering, stores it with the current version, then offers 입장하기', async () => {
    let agreed = false;
    const api = mockApi({
      [ONE]: () => ({ body: ok(visit({ consentCurrent: agreed })) }),
      [AGREE]: () => {
        agreed = true;
        return { body: ok({ version: TELEMEDICINE_CONSENT_VERSION, agreedAt: new Date().toISOString() }) };
      },
    });
    renderDetail();
    expect(await screen.findByText(/아래의 비대면 진료 동의를 먼저/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '입장하기' })).toBeNull();
    expect(screen.getByText(/카카오톡이나 문자로는 보내지 않습니다/)).toBeInTheDocument();
    expect(screen.getByText('혈압 128/82')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: /동의합니다/ }));
    expect(await screen.findByRole('link', { name: '입장하기' })).toBeInTheDocument();
    expect(screen.getByText(/에 동의하셨습니다/)).toBeInTheDocument();
    expect(api.seen.find((r) => r.path === apiPaths.telemedicine.agreeConsent)?.body).toEqual({
      version: TELEMEDICINE_CONSENT_VERSION,
    });
  });

  it('offers "이 진료 평가하기" for a completed visit only, leading to the rating screen (issue 16)', async () => {
    mockApi({
      [ONE]: () => ({
        body: ok(
          visit({
            status: 'COMPLETE',
            scheduledAt: inMinutes(-60),
            callStartedAt: inMinutes(-55),
            callEndedAt: inMinutes(-40),
          }),
        ),
      }),
    });
    const view = renderDetail();
    const link = await screen.findByRole('link', { name: '이 진료 평가하기' });
    expect(link).toHaveAttribute('href', '/hospital/rate?kind=TELEMEDICINE&idx=5');
    view.unmount();
    mockApi({ [ONE]: () => ({ body: ok(visit()) }) });
    renderDetail();
    expect(await screen.findByText('혈압약 복용 후 어지러움 상담')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '이 진료 평가하기' })).toBeNull();
  });

  it('shows when the consent was given on a later visit to the screen', async () => {
    mockApi({
      [ONE]: () => ({
        body: ok(visit({ consentCurrent: true, consentAgreedAt: '2026-11-20T01:30:00.000Z' })),
      }),
    });
    renderDetail();
    expect(await screen.findByText(/11\. 20\..*에 동의하셨습니다/)).toBeInTheDocument();
  });

  it('sends a change request with the preferred times and shows it as open', async () => {
    let requested = false;
    const api = mockApi({
      [ONE]: () => ({
        body: ok(
          visit({
            request: requested
              ? {
                  kind: 'CHANGE',
                  preferredDates: [inMinutes(60 * 24)],
                  reason: '출장',
                  requestedAt: inMinutes(0),
                }
              : null,
          }),
        ),
      }),
      [CHANGE]: () => {
        requested = true;
        return { body: ok(visit()) };
      },
    });
    renderDetail();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '시간 변경 요청' }));
    await user.click(screen.getByRole('button', { name: '변경 요청 보내기' }));
    expect(screen.getByRole('alert')).toHaveTextContent('원하는 시간을 하나 이상 골라 주세요.');
    const when = new Date(Date.now() + 2 * 86_400_000);
    const local = `${when.getFullYear()}-${String(when.getMonth() + 1).padStart(2, '0')}-${String(when.getDate()).padStart(2, '0')}T10:30`;
    await user.type(screen.getByLabelText('원하는 시간 1'), local);
    await user.type(screen.getByLabelText('사유 (선택)'), '출장');
    await user.click(screen.getByRole('button', { name: '변경 요청 보내기' }));
    expect(await screen.findByText('시간 변경을 요청했습니다')).toBeInTheDocument();
    const body = api.seen.find((r) => r.path === apiPaths.telemedicine.requestChange)?.body as {
      preferredDates: string[];
      reason: string;
    };
    expect(body.reason).toBe('출장');
    expect(body.preferredDates).toEqual([new Date(local).toISOString()]);
  });

  it('shows the summary and follow-up after the visit', async () => {
    mockApi({
      [ONE]: () => ({
        body: ok(
          visit({
            status: 'COMPLETE',
            canEnter: false,
            summary: {
              text: '아침 약을 반으로 줄이세요.',
              followUp: '일주일간 혈압 기록',
              writtenAt: inMinutes(-10),
              writtenBy: '이간호',
            },
            history: [{ at: inMinutes(-20), kind: 'ENDED', byName: '이간호', note: null }],
          }),
        ),
      }),
    });
    renderDetail();
    expect(await screen.findByText('아침 약을 반으로 줄이세요.')).toBeInTheDocument();
    expect(screen.getByText('일주일간 혈압 기록')).toBeInTheDocument();
    expect(screen.getByText('진료 종료')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: '입장하기' })).toBeNull();
    // Finished: no preparation, consent or shared readings any more.
    expect(screen.queryByRole('heading', { name: '비대면 진료 동의' })).toBeNull();
    expect(screen.queryByText('혈압 128/82')).toBeNull();
  });

  it('says so for a visit that is not the patient’s (NOT_FOUND)', async () => {
    mockApi({ [ONE]: () => ({ status: 404, body: fail(ResultCode.NOT_FOUND) }) });
    renderDetail('99');
    expect(await screen.findByText('진료 정보를 찾을 수 없습니다.')).toBeInTheDocument();
  });
});

describe('the device check', () => {
  it('explains what to do on Android and iPhone when the camera is refused, reports it, and retries', async () => {
    const getUserMedia = vi.fn(async () => {
      throw Object.assign(new Error('denied'), { name: 'NotAllowedError' });
    });
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia, enumerateDevices: async () => [] },
    });
    const api = mockApi({
      [PROBE]: () => ({ body: 'x' }),
      [REPORT]: (req) => ({
        body: ok({ visitIdx: 5, deviceCheck: { ...(req.body as object), checkedAt: inMinutes(0) } }),
      }),
    });
    renderScreen(<TelemedicineConfigScreen visitIdx={5} />, { path: '/homecare/telemedicine/config' });
    expect(
      await screen.findByRole('heading', { name: '카메라와 마이크 사용이 허용되지 않았습니다' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/사이트 설정 > 카메라/)).toBeInTheDocument();
    expect(screen.getByText(/설정 > 앱 >/)).toBeInTheDocument();
    await vi.waitFor(() => expect(api.calls(REPORT)).toBe(1));
    expect(api.seen.find((r) => r.path === apiPaths.telemedicine.reportDeviceCheck)?.body).toMatchObject({
      visitIdx: 5,
      camera: 'DENIED',
      microphone: 'DENIED',
    });
    const before = getUserMedia.mock.calls.length;
    await userEvent.setup().click(screen.getByRole('button', { name: '다시 시도' }));
    await vi.waitFor(() => expect(getUserMedia.mock.calls.length).toBeGreaterThan(before));
  });

  it('names a missing camera and keeps the microphone', async () => {
    const getUserMedia = vi.fn(async (constraints: MediaStreamConstraints) => {
      if (constraints.video) throw Object.assign(new Error('none'), { name: 'NotFoundError' });
      return fakeLocalStream(['audio']) as unknown as MediaStream;
    });
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia, enumerateDevices: async () => [] },
    });
    vi.stubGlobal('MediaStream', FakeStream);
    mockApi({ [PROBE]: () => ({ body: 'x' }) });
    renderScreen(<TelemedicineConfigScreen visitIdx={0} />, { path: '/homecare/telemedicine/config' });
    expect(
      await screen.findByRole('heading', { name: '카메라나 마이크를 찾을 수 없습니다' }),
    ).toBeInTheDocument();
    expect(screen.getByText('이 기기에서 카메라를 찾지 못했습니다.')).toBeInTheDocument();
    const result = screen.getByRole('region', { name: '점검 결과' });
    expect(within(result).getByText('카메라: 찾을 수 없음')).toBeInTheDocument();
    expect(within(result).getByText('마이크: 잘 작동합니다')).toBeInTheDocument();
    // The microphone still gets its meter.
    expect(screen.getByRole('meter', { name: '마이크 소리 크기' })).toBeInTheDocument();
    // A missing device gets the steps on Android and iPhone too, not one sentence.
    expect(screen.getByRole('heading', { name: '안드로이드 휴대폰 (크롬)' })).toBeInTheDocument();
    expect(screen.getByText(/애플리케이션 > Chrome\(또는 스마트케어\) > 권한/)).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '아이폰' })).toBeInTheDocument();
    expect(screen.getByText(/스크린 타임 > 콘텐츠 및 개인정보 보호 제한/)).toBeInTheDocument();
  });
});

describe('the waiting room and call', () => {
  beforeEach(() => {
    vi.stubGlobal('RTCPeerConnection', FakePeerConnection);
    vi.stubGlobal('MediaStream', FakeStream);
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: {
        getUserMedia: async () => fakeLocalStream() as unknown as MediaStream,
        enumerateDevices: async () => [],
      },
    });
  });

  it('enters, shows the place in line live, turns into the call without remounting the videos, and ends on the detail', async () => {
    let current = visit({ consentCurrent: true });
    const api = mockApi({
      [ONE]: () => ({ body: ok(current) }),
      [ENTER]: () => {
        current = visit({
          status: 'WAITING',
          queue: { position: 2, estimatedWaitMin: 15 },
          waitingSince: inMinutes(0),
        });
        return { body: ok(current) };
      },
      [ICE]: () => ({ body: ok({ iceServers: [], ttlS: 3600 }) }),
    });
    const { router } = renderScreen(withRealtime(rt, <TelemedicineVideoCallScreen visitIdx={5} />), {
      path: '/homecare/telemedicine/videocall',
      otherRoutes: ['/homecare/telemedicine/:idx'],
    });
    expect(await screen.findByText('대기 순서: 2번째')).toBeInTheDocument();
    expect(screen.getByText('예상 대기 시간: 약 15분')).toBeInTheDocument();
    expect(api.calls(ENTER)).toBe(1);
    const remote = await screen.findByTestId('remote-video');
    const self = screen.getByTestId('local-video');
    expect(remote).toHaveAttribute('data-frames-decoded', '0');

    await vi.waitFor(() => expect(rt.clients).toHaveLength(1));
    const client = rt.clients[0]!;
    client.accept();
    await vi.waitFor(() => expect(client.subscribed).toContain(topics.telemedicineVisit(5)));
    // The clinician's signalling topic is subscribed once the call exists (the waiting room).
    await vi.waitFor(() => expect(client.subscribed).toContain(topics.telemedicineSignal(5, 'staff')));

    current = { ...current, queue: { position: 1, estimatedWaitMin: 4 } };
    client.deliver(topics.telemedicineVisit(5), {
      visitIdx: 5,
      status: 'WAITING',
      queue: current.queue,
      at: inMinutes(0),
    });
    expect(await screen.findByText('대기 순서: 1번째')).toBeInTheDocument();

    current = { ...current, status: 'IN_CALL', queue: null, callStartedAt: inMinutes(0) };
    client.deliver(topics.telemedicineVisit(5), {
      visitIdx: 5,
      status: 'IN_CALL',
      queue: null,
      at: inMinutes(0),
    });
    expect(await screen.findByRole('button', { name: '진료 마치기' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '음소거' })).toHaveAttribute('aria-pressed', 'false');
    // The same elements: admission restarts no video.
    expect(screen.getByTestId('remote-video')).toBe(remote);
    expect(screen.getByTestId('local-video')).toBe(self);

    await userEvent.setup().click(screen.getByRole('button', { name: '음소거' }));
    expect(screen.getByRole('button', { name: '음소거' })).toHaveAttribute('aria-pressed', 'true');

    current = { ...current, status: 'COMPLETE', callEndedAt: inMinutes(0) };
    client.deliver(topics.telemedicineVisit(5), {
      visitIdx: 5,
      status: 'COMPLETE',
      queue: null,
      at: inMinutes(0),
    });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/homecare/telemedicine/5'));
  });

  it('asks for the ICE servers of this visit, and shows the error view with a retry when they fail', async () => {
    const waiting = visit({ status: 'WAITING', queue: { position: 1, estimatedWaitMin: 0 } });
    const api = mockApi({
      [ONE]: () => ({ body: ok(waiting) }),
      [ICE]: (_req, n) =>
        n === 1
          ? { status: 403, body: fail(ResultCode.FORBIDDEN, '접근 권한이 없습니다.') }
          : { body: ok({ iceServers: [], ttlS: 3600 }) },
    });
    renderScreen(withRealtime(rt, <TelemedicineVideoCallScreen visitIdx={5} />), {
      path: '/homecare/telemedicine/videocall',
      otherRoutes: ['/homecare/telemedicine/:idx'],
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText(/진료 연결 준비에 실패했습니다\./)).toBeInTheDocument();
    // the place in line stays in view, and no video stage waits for a call that cannot start
    expect(screen.getByText('대기 순서: 1번째')).toBeInTheDocument();
    expect(screen.queryByTestId('remote-video')).not.toBeInTheDocument();
    expect(api.seen.find((r) => r.path === apiPaths.telemedicine.getIceServers)?.query.get('visitIdx')).toBe(
      '5',
    );

    await userEvent.setup().click(within(alert).getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByTestId('remote-video')).toBeInTheDocument();
    expect(api.calls(ICE)).toBe(2);
  });

  it('shows the speaker control disabled, with what to do instead, where the page cannot choose the output', async () => {
    mockApi({
      [ONE]: () => ({ body: ok(visit({ status: 'IN_CALL', callStartedAt: inMinutes(0) })) }),
      [ICE]: () => ({ body: ok({ iceServers: [], ttlS: 3600 }) }),
    });
    renderScreen(withRealtime(rt, <TelemedicineVideoCallScreen visitIdx={5} />), {
      path: '/homecare/telemedicine/videocall',
      otherRoutes: ['/homecare/telemedicine/:idx'],
    });
    // jsdom has no setSinkId, like iPhone Safari
    const speaker = await screen.findByRole('button', { name: '소리 출력' });
    expect(speaker).toBeDisabled();
    expect(speaker).toHaveAccessibleDescription(/휴대폰 옆의 소리 버튼/);
  });

  it('does not enter without the consent and says why', async () => {
    const api = mockApi({ [ONE]: () => ({ body: ok(visit({ consentCurrent: false })) }) });
    renderScreen(withRealtime(rt, <TelemedicineVideoCallScreen visitIdx={5} />), {
      path: '/homecare/telemedicine/videocall',
    });
    expect(await screen.findByText(/비대면 진료 동의를 먼저/)).toBeInTheDocument();
    expect(api.calls(ENTER)).toBe(0);
  });

  it('has no visit without a visitIdx in the address', async () => {
    mockApi({});
    renderScreen(withRealtime(rt, <TelemedicineVideoCallScreen visitIdx={0} />), {
      path: '/homecare/telemedicine/videocall',
    });
    expect(await screen.findByText('진료 정보를 찾을 수 없습니다.')).toBeInTheDocument();
  });
});
