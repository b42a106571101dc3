import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  FakePeerConnection,
  FakeSignalBus,
  fakeLocalStream,
  fakeVideoCallDeps,
  type FakeBusRealtime,
  type FakeStream,
  type FakeTrack,
} from './fake-webrtc';
import { signalTopic, type SignalMessage } from './signal';
import { createVideoCall, type VideoCall } from './video-call';

const VISIT = 41;

let bus: FakeSignalBus;
const calls: VideoCall[] = [];

beforeEach(() => {
  vi.useFakeTimers();
  bus = new FakeSignalBus();
});
afterEach(() => {
  for (const call of calls.splice(0)) call.close();
  vi.useRealTimers();
});

function join(role: 'patient' | 'staff', realtime: FakeBusRealtime, stream = fakeLocalStream()) {
  const call = createVideoCall({
    realtime,
    visitIdx: VISIT,
    role,
    iceServers: [],
    localStream: stream as unknown as MediaStream,
    deps: fakeVideoCallDeps(() => Date.now()),
    onError: (error) => {
      throw error;
    },
  });
  calls.push(call);
  return call;
}

/** Lets the fake network and broker run for a while. */
const run = (ms = 50) => vi.advanceTimersByTimeAsync(ms);

const sent = (from: string, type?: SignalMessage['type']) =>
  bus.log
    .filter((entry) => entry.from === from)
    .map((entry) => entry.payload as SignalMessage)
    .filter((message) => !type || message.type === type);

const pcOf = (call: VideoCall) => {
  // The newest fake connection that has this call's local stream's first track among its senders.
  const track = call.snapshot().localStream.getTracks()[0] as unknown as FakeTrack;
  return FakePeerConnection.all
    .filter((pc) => !pc.closed && pc.senders.some((s) => s.track === track))
    .at(-1)!;
};

describe('createVideoCall', () => {
  it('connects a clinician and a patient: the clinician offers, both get the other side’s media', async () => {
    const patientLink = bus.connect('patient');
    const staffLink = bus.connect('staff');
    const patient = join('patient', patientLink);
    await run();
    expect(sent('patient')).toEqual([{ type: 'hello' }]);
    const staff = join('staff', staffLink);
    await run();

    expect(patient.snapshot().state).toBe('connected');
    expect(staff.snapshot().state).toBe('connected');
    // Only the clinician offered; the patient answered.
    expect(sent('staff', 'description').map((m) => m.type === 'description' && m.description.type)).toEqual([
      'offer',
    ]);
    expect(sent('patient', 'description').map((m) => m.type === 'description' && m.description.type)).toEqual(
      ['answer'],
    );
    // Each side on its own topic.
    expect(
      bus.log.filter((e) => e.from === 'staff').every((e) => e.topic === signalTopic(VISIT, 'staff')),
    ).toBe(true);
    expect(
      bus.log.filter((e) => e.from === 'patient').every((e) => e.topic === signalTopic(VISIT, 'patient')),
    ).toBe(true);
    const remote = patient.snapshot().remoteStream as unknown as FakeStream;
    expect(
      remote
        .getTracks()
        .map((t) => t.kind)
        .sort(),
    ).toEqual(['audio', 'video']);
    expect(staff.snapshot().connectedAt).not.toBeNull();
    // Candidates went out without the browser-only usernameFragment (the contract's strict schema).
    const candidate = sent('staff', 'candidate')[0];
    expect(candidate).toEqual({
      type: 'candidate',
      candidate: { candidate: expect.any(String), sdpMid: '0', sdpMLineIndex: 0 },
    });
  });

  it('sends the open offer again when the patient arrives after it (the patient’s hello)', async () => {
    const staff = join('staff', bus.connect('staff'));
    await run();
    expect(sent('staff', 'description')).toHaveLength(1);
    const patient = join('patient', bus.connect('patient'));
    await run();
    expect(sent('staff', 'description')).toHaveLength(2);
    expect(patient.snapshot().state).toBe('connected');
    expect(staff.snapshot().state).toBe('connected');
  });

  it('shows the other side’s mute and camera state', async () => {
    const patient = join('patient', bus.connect('patient'));
    const staff = join('staff', bus.connect('staff'));
    await run();
    patient.setAudio(false);
    await run();
    expect(staff.snapshot().remoteMedia).toEqual({ audio: false, video: true });
    expect(patient.snapshot().localMedia).toEqual({ audio: false, video: true });
    expect(patient.snapshot().localStream.getAudioTracks()[0]!.enabled).toBe(false);
    patient.setVideo(false);
    patient.setAudio(true);
    await run();
    expect(staff.snapshot().remoteMedia).toEqual({ audio: true, video: false });
  });

  it('restarts ICE after 2 s disconnected, showing reconnecting meanwhile, and recovers', async () => {
    const patient = join('patient', bus.connect('patient'));
    const staff = join('staff', bus.connect('staff'));
    await run();
    const staffPc = pcOf(staff);
    const patientPc = pcOf(patient);
    const ufrag = staffPc.ufrag;
    staffPc.setIce('disconnected');
    patientPc.setIce('disconnected');
    expect(staff.snapshot().state).toBe('reconnecting');
    expect(patient.snapshot().state).toBe('reconnecting');
    await run(1_500);
    expect(sent('staff', 'description')).toHaveLength(1); // not before 2 s
    await run(1_600);
    expect(sent('staff', 'description')).toHaveLength(2); // the restart offer
    expect(staffPc.ufrag).not.toBe(ufrag);
    expect(pcOf(staff)).toBe(staffPc); // the same connection, restarted
    expect(staff.snapshot().state).toBe('connected');
    expect(patient.snapshot().state).toBe('connected');
  });

  it('restarts ICE at once when it fails, and when the broker connection comes back', async () => {
    const patientLink = bus.connect('patient');
    const staffLink = bus.connect('staff');
    const patient = join('patient', patientLink);
    const staff = join('staff', staffLink);
    await run();
    pcOf(staff).setIce('failed');
    await run();
    expect(sent('staff', 'description')).toHaveLength(2);
    expect(staff.snapshot().state).toBe('connected');

    // The patient's broker connection drops and comes back: hello, and the clinician restarts.
    patientLink.goOffline();
    await run(1_000);
    patientLink.comeBack();
    await run();
    expect(sent('patient', 'hello').length).toBeGreaterThanOrEqual(2);
    expect(sent('staff', 'description')).toHaveLength(3);
    expect(patient.snapshot().state).toBe('connected');
  });

  it('a restart offer lost while the patient was offline is sent again when the patient says hello', async () => {
    const patientLink = bus.connect('patient');
    const patient = join('patient', patientLink);
    const staff = join('staff', bus.connect('staff'));
    await run();
    patientLink.goOffline();
    pcOf(staff).setIce('failed');
    pcOf(patient).setIce('failed');
    await run(200);
    expect(staff.snapshot().state).toBe('reconnecting');
    patientLink.comeBack();
    await run(200);
    expect(patient.snapshot().state).toBe('connected');
    expect(staff.snapshot().state).toBe('connected');
  });

  it('sends what was lost before the broker connection was up as soon as it is (no wait for a retry)', async () => {
    const patient = join('patient', bus.connect('patient'));
    await run();
    const staffLink = bus.connect('staff');
    staffLink.goOffline(); // mqtt.js still connecting when the call starts
    const staff = join('staff', staffLink);
    await run(100);
    expect(sent('staff')).toHaveLength(0);
    staffLink.comeBack();
    await run(100); // far less than the patient's 5 s hello
    expect(staff.snapshot().state).toBe('connected');
    expect(patient.snapshot().state).toBe('connected');
  });

  it('does nothing on a token renewal’s new connection (no outage)', async () => {
    const staffLink = bus.connect('staff');
    join('patient', bus.connect('patient'));
    join('staff', staffLink);
    await run();
    const before = bus.log.length;
    staffLink.comeBack(true);
    await run();
    expect(bus.log.slice(before).filter((e) => e.from === 'staff')).toEqual([]);
  });

  it('starts afresh with a patient who reloaded (a new SDP session)', async () => {
    const staff = join('staff', bus.connect('staff'));
    const first = join('patient', bus.connect('patient'));
    await run();
    const oldStaffPc = pcOf(staff);
    first.close(); // the page went away without bye
    expect(first.snapshot().state).toBe('ended');
    oldStaffPc.setIce('disconnected');
    const second = join('patient', bus.connect('patient-reloaded'));
    await run(200);
    expect(second.snapshot().state).toBe('connected');
    expect(staff.snapshot().state).toBe('connected');
    expect(pcOf(staff)).not.toBe(oldStaffPc);
    expect(oldStaffPc.closed).toBe(true);
  });

  it('resolves an offer collision: the patient (polite) yields to the clinician', async () => {
    const patient = join('patient', bus.connect('patient'));
    const staff = join('staff', bus.connect('staff'));
    await run();
    // Both sides want to renegotiate at the same moment.
    pcOf(patient).restartIce();
    pcOf(staff).restartIce();
    await run(200);
    expect(patient.snapshot().state).toBe('connected');
    expect(staff.snapshot().state).toBe('connected');
    expect(pcOf(patient).signalingState).toBe('stable');
    expect(pcOf(staff).signalingState).toBe('stable');
  });

  it('hang up says bye, stops the camera and microphone; the other side sees it and waits for a return', async () => {
    const patientStream = fakeLocalStream();
    const patient = join('patient', bus.connect('patient'), patientStream);
    const staff = join('staff', bus.connect('staff'));
    await run();
    patient.hangup();
    await run();
    expect(patient.snapshot().state).toBe('ended');
    expect(patientStream.getTracks().every((t) => t.readyState === 'ended')).toBe(true);
    expect(sent('patient').at(-1)).toEqual({ type: 'bye' });
    expect(staff.snapshot().remoteLeft).toBe(true);
    expect(staff.snapshot().state).toBe('connecting');
    // The patient comes back (a new page): the call goes on.
    const back = join('patient', bus.connect('patient-back'));
    await run(200);
    expect(back.snapshot().state).toBe('connected');
    expect(staff.snapshot().state).toBe('connected');
    expect(staff.snapshot().remoteLeft).toBe(false);
  });

  it('after the clinician’s bye the patient stays quiet (no hello into a finished visit) until it is back', async () => {
    const patient = join('patient', bus.connect('patient'));
    const staff = join('staff', bus.connect('staff'));
    await run();
    staff.hangup();
    await run();
    expect(patient.snapshot().remoteLeft).toBe(true);
    const before = sent('patient').length;
    await run(12_000);
    expect(sent('patient').slice(before)).toEqual([]);
    const back = join('staff', bus.connect('staff-back'));
    await run(200);
    expect(back.snapshot().state).toBe('connected');
    expect(patient.snapshot().state).toBe('connected');
  });

  it('switches camera with replaceTrack and facingMode, keeping the camera-off state', async () => {
    const patient = join('patient', bus.connect('patient'));
    const staff = join('staff', bus.connect('staff'));
    await run();
    const pc = pcOf(patient);
    const descriptions = bus.log.length;
    patient.setVideo(false);
    const before = patient.snapshot().localStream.getVideoTracks()[0] as unknown as FakeTrack;
    await patient.switchCamera();
    const after = patient.snapshot().localStream.getVideoTracks()[0] as unknown as FakeTrack;
    expect(after).not.toBe(before);
    expect(before.readyState).toBe('ended');
    expect(after.enabled).toBe(false);
    expect(patient.snapshot().facingMode).toBe('environment');
    expect(pc.senders.some((s) => s.track === after)).toBe(true);
    await run();
    // No renegotiation for a camera switch.
    expect(bus.log.slice(descriptions).some((e) => (e.payload as SignalMessage).type === 'description')).toBe(
      false,
    );
    expect(staff.snapshot().state).toBe('connected');
  });

  it('switches to the camera with the deviceId given (a desk with several cameras), keeping the facing', async () => {
    const deps = fakeVideoCallDeps(() => Date.now());
    const staffLink = bus.connect('staff');
    const staff = createVideoCall({
      realtime: staffLink,
      visitIdx: VISIT,
      role: 'staff',
      iceServers: [],
      localStream: fakeLocalStream() as unknown as MediaStream,
      deps,
    });
    join('patient', bus.connect('patient'));
    await run();
    const before = staff.snapshot().localStream.getVideoTracks()[0] as unknown as FakeTrack;
    await staff.switchCamera({ deviceId: 'desk-camera-2' });
    expect(deps.constraints.at(-1)).toEqual({
      video: { deviceId: { exact: 'desk-camera-2' } },
      audio: false,
    });
    const after = staff.snapshot().localStream.getVideoTracks()[0] as unknown as FakeTrack;
    expect(after).not.toBe(before);
    expect(before.readyState).toBe('ended');
    expect(staff.snapshot().facingMode).toBe('user');
    expect(pcOf(staff).senders.some((s) => s.track === after)).toBe(true);
    staff.close();
  });

  it('reads stats every second: frames decoded and the quality', async () => {
    const patient = join('patient', bus.connect('patient'));
    join('staff', bus.connect('staff'));
    await run();
    await run(2_100);
    expect(patient.snapshot().stats?.framesDecoded).toBeGreaterThan(0);
    expect(patient.snapshot().quality).toBe('good');
  });

  it('ignores payloads that are not signalling messages', async () => {
    const patientLink = bus.connect('patient');
    const patient = join('patient', patientLink);
    const stranger = bus.connect('stranger');
    await stranger.publish(signalTopic(VISIT, 'staff'), {
      type: 'description',
      description: { type: 'pranswer' },
    });
    await stranger.publish(signalTopic(VISIT, 'staff'), '<script>');
    await run();
    expect(patient.snapshot().state).toBe('connecting');
    expect(patient.snapshot().remoteStream).toBeNull();
  });

  it('unsubscribes when closed, says no bye and leaves the caller’s tracks running', async () => {
    const link = bus.connect('patient');
    const stream = fakeLocalStream();
    const patient = join('patient', link, stream);
    expect(link.subscriptionCount).toBe(1);
    patient.close();
    expect(link.subscriptionCount).toBe(0);
    await run();
    expect(sent('patient', 'bye')).toHaveLength(0);
    expect(stream.getTracks().every((t) => t.readyState === 'live')).toBe(true);
  });

  it('close() stops the camera it opened itself for a switch', async () => {
    const patient = join('patient', bus.connect('patient'));
    join('staff', bus.connect('staff'));
    await run();
    await patient.switchCamera('environment');
    const opened = patient.snapshot().localStream.getVideoTracks()[0] as unknown as FakeTrack;
    expect(opened.readyState).toBe('live');
    patient.close();
    expect(opened.readyState).toBe('ended');
  });
});
