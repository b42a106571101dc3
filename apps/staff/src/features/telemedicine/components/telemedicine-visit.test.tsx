import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TelemedicineVisit } from '@smartcare/contract/telemedicine';
import type { UseVideoCall, VideoCallSnapshot } from '@smartcare/web-core/video-call';
import { staffProfile } from '../../../testing/factories';
import { ok, type FakeRequest } from '../../../testing/fake-server';
import { renderConsole } from '../../../testing/render';
import { visit } from '../testing-data';
import { TelemedicineVisitPage } from './telemedicine-visit';

// The call itself is the shared client's (tested there with fakes, and in the e2e for real):
// here a stand-in whose snapshot the test sets.
const fakeCall = vi.hoisted(() => ({
  snapshot: null as VideoCallSnapshot | null,
  setAudio: vi.fn(),
  setVideo: vi.fn(),
  hangup: vi.fn(),
  switchCamera: vi.fn(() => Promise.resolve()),
  options: null as unknown,
}));
vi.mock('@smartcare/web-core/video-call', () => ({
  useVideoCall: (options: unknown): UseVideoCall => {
    fakeCall.options = options;
    return {
      snapshot: fakeCall.snapshot,
      setAudio: fakeCall.setAudio,
      setVideo: fakeCall.setVideo,
      switchCamera: fakeCall.switchCamera,
      hangup: fakeCall.hangup,
      remoteVideoRef: () => undefined,
      localVideoRef: () => undefined,
    };
  },
}));

const stream = { getTracks: () => [] } as unknown as MediaStream;
function snapshot(overrides: Partial<VideoCallSnapshot> = {}): VideoCallSnapshot {
  return {
    state: 'connected',
    remoteStream: stream,
    remoteMedia: { audio: true, video: true },
    remoteLeft: false,
    localStream: stream,
    localMedia: { audio: true, video: true },
    facingMode: 'user',
    canSwitchCamera: true,
    quality: 'good',
    stats: null,
    connectedAt: Date.now(),
    ...overrides,
  };
}

const me = staffProfile({ idx: 8, role: 'DOCTOR', name: '이의사' });
const inCall = (overrides: Partial<TelemedicineVisit> = {}) =>
  visit({
    status: 'IN_CALL',
    clinician: { staffIdx: 8, name: '이의사', role: 'DOCTOR' },
    callStartedAt: new Date(Date.now() - 65_000).toISOString(),
    ...overrides,
  });

beforeEach(() => {
  fakeCall.snapshot = snapshot();
  fakeCall.options = null;
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: { getUserMedia: vi.fn(() => Promise.resolve(stream)) },
  });
});
afterEach(() => {
  vi.clearAllMocks();
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: undefined });
});

const routes = (current: () => TelemedicineVisit, calls: FakeRequest[]) => ({
  'GET /telemedicine/getVisit': () => ok(current()),
  'GET /telemedicine/getIceServers': () =>
    ok({ iceServers: [{ urls: ['stun:stun.example:3478'] }], ttlS: 3600 }),
  'GET /homeCare/getPatient': () => ({
    status: 404,
    body: { code: 40004001, description: '없음', data: null },
  }),
  'PUT /telemedicine/endCall': (r: FakeRequest) => {
    calls.push(r);
    return ok(visit({ status: 'COMPLETE' }));
  },
  'PUT /telemedicine/writeSummary': (r: FakeRequest) => {
    calls.push(r);
    return ok(visit({ status: 'COMPLETE' }));
  },
});

describe('the video visit page (issue 17)', () => {
  it(
    "runs the clinician's call: the patient's mute shown, timer, quality, reconnecting; hang up asks first, then the summary",
    { timeout: 60_000 },
    async () => {
      const calls: FakeRequest[] = [];
      let current = inCall();
      const { user } = renderConsole(<TelemedicineVisitPage visitIdx={31} me={me} />, {
        routes: routes(() => current, calls),
      });
      expect(await screen.findByRole('heading', { name: '김하늘 님 비대면 진료' })).toBeInTheDocument();
      await screen.findByTestId('remote-video');
      expect(fakeCall.options).toMatchObject({
        visitIdx: 31,
        role: 'staff',
        iceServers: [{ urls: ['stun:stun.example:3478'] }],
        localStream: stream,
      });
      expect(screen.getByLabelText(/^진료 시간 01:0\d$/)).toBeInTheDocument();
      expect(screen.getByTestId('call-quality')).toHaveTextContent('연결 좋음');
      expect(screen.queryByTestId('call-state')).toBeNull();
      expect(screen.queryByTestId('remote-muted')).toBeNull();

      // The patient mutes and the connection wobbles: both shown.
      fakeCall.snapshot = snapshot({
        state: 'reconnecting',
        remoteMedia: { audio: false, video: true },
        quality: 'poor',
      });
      await user.click(screen.getByRole('button', { name: '마이크 끄기' }));
      expect(fakeCall.setAudio).toHaveBeenCalledWith(false);
      // The snapshot is read on the next render (the call timer ticks every second).
      expect(await screen.findByTestId('remote-muted')).toHaveTextContent('환자 마이크 꺼짐');
      expect(screen.getByTestId('call-state')).toHaveTextContent('다시 연결하는 중');
      expect(screen.getByTestId('call-quality')).toHaveTextContent('연결 나쁨');

      // Hang up: asked first; "계속 진료" keeps the call.
      await user.click(screen.getByRole('button', { name: '진료 종료' }));
      let dialog = await screen.findByRole('dialog');
      await user.click(within(dialog).getByRole('button', { name: '계속 진료' }));
      expect(calls).toHaveLength(0);
      expect(fakeCall.hangup).not.toHaveBeenCalled();
      await user.click(screen.getByRole('button', { name: '진료 종료' }));
      dialog = await screen.findByRole('dialog');
      current = visit({ status: 'COMPLETE', clinician: { staffIdx: 8, name: '이의사', role: 'DOCTOR' } });
      await user.click(within(dialog).getByRole('button', { name: '진료 마치기' }));
      await waitFor(() => expect(calls).toHaveLength(1));
      expect(calls[0]!.body).toEqual({ visitIdx: 31 });
      expect(fakeCall.hangup).toHaveBeenCalled();

      // The visit is complete: the summary form, refused empty, then saved.
      expect(await screen.findByRole('heading', { name: '진료 요약 작성' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: '요약 저장' }));
      expect(screen.getByText('진료 요약을 입력해 주세요.')).toBeInTheDocument();
      expect(calls).toHaveLength(1);
      await user.click(screen.getByLabelText('진료 요약'));
      await user.paste('혈압 조절 양호');
      await user.click(screen.getByLabelText('후속 조치'));
      await user.paste('2주 뒤 재진');
      await user.click(screen.getByRole('button', { name: '요약 저장' }));
      await waitFor(() => expect(calls).toHaveLength(2));
      expect(calls[1]!.body).toEqual({ visitIdx: 31, summary: '혈압 조절 양호', followUp: '2주 뒤 재진' });
    },
  );

  it('says the summary was saved even when the live update of the visit arrives before the answer', async () => {
    let current = visit({ status: 'COMPLETE', clinician: { staffIdx: 8, name: '이의사', role: 'DOCTOR' } });
    let refetch = (): Promise<void> => Promise.resolve();
    const { services, user } = renderConsole(<TelemedicineVisitPage visitIdx={31} me={me} />, {
      routes: {
        ...routes(() => current, []),
        // The broker's visit update is first: the page refetches and the form (keyed by the
        // summary's writtenAt) remounts before this answer arrives.
        'PUT /telemedicine/writeSummary': async () => {
          const writtenAt = new Date().toISOString();
          current = {
            ...current,
            summary: { text: '혈압 조절 양호', followUp: null, writtenAt, writtenBy: '이의사' },
          };
          await refetch();
          await screen.findByRole('heading', { name: '진료 요약 수정' });
          return ok(current);
        },
      },
    });
    refetch = () => services.queryClient.invalidateQueries();
    await user.click(await screen.findByLabelText('진료 요약'));
    await user.paste('혈압 조절 양호');
    await user.click(screen.getByRole('button', { name: '요약 저장' }));
    expect(await screen.findByText('진료 요약을 저장했습니다.')).toBeInTheDocument();
    expect(screen.getByLabelText('진료 요약')).toHaveValue('혈압 조절 양호');
  });

  it(
    'switches to the next camera when the desk has more than one, and has no such button with one',
    { timeout: 60_000 },
    async () => {
      const camera = (deviceId: string) => ({ kind: 'videoinput', deviceId, label: deviceId, groupId: '' });
      let devices = [camera('cam-1'), camera('cam-2'), { ...camera('mic-1'), kind: 'audioinput' }];
      Object.defineProperty(navigator, 'mediaDevices', {
        configurable: true,
        value: {
          getUserMedia: vi.fn(() => Promise.resolve(stream)),
          enumerateDevices: vi.fn(() => Promise.resolve(devices)),
        },
      });
      const sending = {
        getTracks: () => [],
        getVideoTracks: () => [{ getSettings: () => ({ deviceId: 'cam-1' }) }],
      } as unknown as MediaStream;
      fakeCall.snapshot = snapshot({ localStream: sending });
      const first = renderConsole(<TelemedicineVisitPage visitIdx={31} me={me} />, {
        routes: routes(() => inCall(), []),
      });
      await first.user.click(await screen.findByRole('button', { name: '카메라 전환' }));
      expect(fakeCall.switchCamera).toHaveBeenCalledWith({ deviceId: 'cam-2' });
      first.unmount();

      devices = [camera('cam-1')];
      renderConsole(<TelemedicineVisitPage visitIdx={31} me={me} />, { routes: routes(() => inCall(), []) });
      await screen.findByRole('button', { name: '카메라 끄기' });
      await waitFor(() => expect(navigator.mediaDevices.enumerateDevices).toHaveBeenCalled());
      expect(screen.queryByRole('button', { name: '카메라 전환' })).toBeNull();
    },
  );

  it('says what to do when the camera is blocked, instead of a blank call', { timeout: 60_000 }, async () => {
    Object.defineProperty(navigator, 'mediaDevices', {
      configurable: true,
      value: {
        getUserMedia: vi.fn(() =>
          Promise.reject(Object.assign(new Error('denied'), { name: 'NotAllowedError' })),
        ),
      },
    });
    renderConsole(<TelemedicineVisitPage visitIdx={31} me={me} />, { routes: routes(() => inCall(), []) });
    expect(await screen.findByText('카메라와 마이크를 쓸 수 없습니다')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '다시 시도' })).toBeInTheDocument();
    expect(fakeCall.options).toBeNull();
  });

  it(
    'shows a waiting patient with their device check and lets a clinician admit',
    { timeout: 60_000 },
    async () => {
      const admitted: FakeRequest[] = [];
      renderConsole(<TelemedicineVisitPage visitIdx={31} me={me} />, {
        routes: {
          ...routes(() => visit({ status: 'WAITING', waitingSince: new Date().toISOString() }), []),
          'PUT /telemedicine/admit': (r) => {
            admitted.push(r);
            return ok(inCall());
          },
        },
      });
      expect(await screen.findByText('환자가 아직 기기 점검을 하지 않았습니다.')).toBeInTheDocument();
      act(() => screen.getByRole('button', { name: '김하늘 님 입장시키기' }).click());
      await waitFor(() => expect(admitted).toHaveLength(1));
      expect(admitted[0]!.body).toEqual({ visitIdx: 31 });
    },
  );
});
