import type { Realtime } from '../realtime';
import { qualityOf, readCallStats, type CallQuality, type CallStats } from './quality';
import {
  otherRole,
  readSignal,
  sdpSessionId,
  signalTopic,
  type CallRole,
  type SignalMessage,
} from './signal';

/**
 * One side of a 1:1 video visit (design "WebRTC roles"): an RTCPeerConnection with the
 * "perfect negotiation" pattern, signalled over the visit's two broker topics.
 *
 * - The clinician (`staff`) is impolite and makes the offers; the patient is polite: it answers,
 *   and on a collision rolls its own offer back. The patient never offers into the void: it says
 *   `hello` and the clinician offers.
 * - `hello` on joining, on every broker reconnect, and (patient) when the media path is lost:
 *   the clinician then restarts ICE, or starts afresh when it has nothing negotiated.
 * - ICE restart when the ICE state stays `disconnected` for more than 2 s or goes `failed`, or the
 *   broker connection comes back (`onConnected`, not for a token renewal); retried every few
 *   seconds while it does not recover.
 * - A reload on the other side makes a new RTCPeerConnection, which shows as a new SDP session
 *   id: this side then drops its connection and negotiates with the new one.
 * - `media` messages carry mute / camera state; `bye` says the other side hung up.
 *
 * Tracks: `hangup()` stops the local stream's tracks (the person ended the call: camera light
 * off); `close()` (a screen going away, React's StrictMode re-run) stops only the tracks the call
 * opened itself for a camera switch, so the caller's stream can serve a next call.
 */
export type VideoCallState = 'connecting' | 'connected' | 'reconnecting' | 'ended';
export type FacingMode = 'user' | 'environment';
/** A camera to switch to: by facing (phones) or by device (desks with several cameras). */
export type CameraChoice = FacingMode | { deviceId: string };

export interface MediaState {
  audio: boolean;
  video: boolean;
}

export interface VideoCallSnapshot {
  state: VideoCallState;
  /** The other side's audio and video (null until its first track arrives). */
  remoteStream: MediaStream | null;
  /** What the other side says about its microphone and camera (on until told otherwise). */
  remoteMedia: MediaState;
  /** The other side said `bye` and has not come back. */
  remoteLeft: boolean;
  localStream: MediaStream;
  localMedia: MediaState;
  facingMode: FacingMode;
  /** Whether this device can switch camera (has a camera track). */
  canSwitchCamera: boolean;
  quality: CallQuality;
  stats: CallStats | null;
  /** When the media first connected (ms since epoch), for the call timer. */
  connectedAt: number | null;
}

/** The browser pieces, replaceable in tests (Node has no WebRTC). */
export interface VideoCallDeps {
  createPeerConnection(configuration: RTCConfiguration): RTCPeerConnection;
  createMediaStream(tracks?: MediaStreamTrack[]): MediaStream;
  getUserMedia(constraints: MediaStreamConstraints): Promise<MediaStream>;
  now(): number;
}

export interface VideoCallOptions {
  realtime: Pick<Realtime, 'publish' | 'subscribe' | 'onConnected'>;
  visitIdx: number;
  role: CallRole;
  iceServers: RTCIceServer[];
  localStream: MediaStream;
  /** The camera the local stream shows (front by default). */
  facingMode?: FacingMode;
  deps?: Partial<VideoCallDeps>;
  /** `disconnected` for this long counts as lost (2 s, design). */
  disconnectedGraceMs?: number;
  /** While lost, the restart (clinician) or hello (patient) is repeated this often. */
  retryMs?: number;
  /** getStats() every this often (the quality indicator and `data-frames-decoded`). */
  statsIntervalMs?: number;
  /** Errors that are not the caller's to handle (a failed negotiation step); console by default. */
  onError?: (error: unknown) => void;
}

export interface VideoCall {
  snapshot(): VideoCallSnapshot;
  /** Called after every change of the snapshot; returns the unsubscribe. */
  subscribe(listener: () => void): () => void;
  setAudio(on: boolean): void;
  setVideo(on: boolean): void;
  /**
   * Front ↔ back (or the facing given; phones), or the camera with the `deviceId` given (a desk
   * with several cameras, where `facingMode` means nothing), with `replaceTrack`: no renegotiation.
   */
  switchCamera(to?: CameraChoice): Promise<void>;
  /** Says `bye`, ends the connection and stops the local stream's tracks. */
  hangup(): void;
  /** Ends without `bye` (the screen went away; the other side sees the media drop and waits); the caller's tracks stay. */
  close(): void;
  /** The connection's own report (null once ended). */
  getStats(): Promise<RTCStatsReport | null>;
}

const browserDeps = (): VideoCallDeps => ({
  createPeerConnection: (configuration) => new RTCPeerConnection(configuration),
  createMediaStream: (tracks) => (tracks ? new MediaStream(tracks) : new MediaStream()),
  getUserMedia: (constraints) => navigator.mediaDevices.getUserMedia(constraints),
  now: () => Date.now(),
});

export function createVideoCall(options: VideoCallOptions): VideoCall {
  const deps: VideoCallDeps = { ...lazyBrowserDeps(), ...options.deps };
  const { realtime, visitIdx, role } = options;
  const polite = role === 'patient';
  const graceMs = options.disconnectedGraceMs ?? 2_000;
  const retryMs = options.retryMs ?? 5_000;
  const statsMs = options.statsIntervalMs ?? 1_000;
  const onError = options.onError ?? ((error: unknown) => console.warn('video call:', error));
  const ownTopic = signalTopic(visitIdx, role);
  const peerTopic = signalTopic(visitIdx, otherRole(role));

  const listeners = new Set<() => void>();
  let snap: VideoCallSnapshot = {
    state: 'connecting',
    remoteStream: null,
    remoteMedia: { audio: true, video: true },
    remoteLeft: false,
    localStream: options.localStream,
    localMedia: {
      audio: options.localStream.getAudioTracks().some((t) => t.enabled),
      video: options.localStream.getVideoTracks().some((t) => t.enabled),
    },
    facingMode: options.facingMode ?? 'user',
    canSwitchCamera: options.localStream.getVideoTracks().length > 0,
    quality: 'unknown',
    stats: null,
    connectedAt: null,
  };
  const update = (patch: Partial<VideoCallSnapshot>) => {
    snap = { ...snap, ...patch };
    for (const listener of [...listeners]) listener();
  };

  let ended = false;
  let pc!: RTCPeerConnection;
  let remoteStream: MediaStream | null = null;
  // Perfect negotiation's flags (w3c.github.io/webrtc-pc "Perfect negotiation example").
  let makingOffer = false;
  let ignoreOffer = false;
  let settingRemoteAnswer = false;
  /** The other side's SDP session this connection is bound to. */
  let remoteSession: string | null = null;
  /** When the ICE state went bad (null: it is fine). */
  let lostSince: number | null = null;
  let lastAsk = 0;
  let lastDescriptionAt = 0;
  let everConnected = false;
  /**
   * The other side said bye and has said nothing since: no hello into the void (after the visit
   * ends the broker refuses signalling, and a refused publish costs the connection). It says
   * hello itself when it comes back.
   */
  let peerGone = false;
  /** Tracks the call opened itself (camera switch): stopped by `close()` too. */
  const ownTracks = new Set<MediaStreamTrack>();
  /** The candidates of our current offer, sent again with it when the other side missed it. */
  let offerCandidates: SignalMessage[] = [];

  const send = (message: SignalMessage) => {
    if (ended && message.type !== 'bye') return;
    // Offline: dropped. A reconnect says hello and restarts ICE, which renews everything lost.
    realtime.publish(ownTopic, message).catch(() => undefined);
  };
  const sendMedia = () => send({ type: 'media', ...snap.localMedia });

  function buildConnection(): void {
    const next = deps.createPeerConnection({ iceServers: options.iceServers, bundlePolicy: 'max-bundle' });
    pc = next;
    makingOffer = false;
    ignoreOffer = false;
    settingRemoteAnswer = false;
    remoteSession = null;
    remoteStream = null;
    offerCandidates = [];
    const stream = snap.localStream;
    for (const track of stream.getTracks()) next.addTrack(track, stream);
    if (!polite) {
      // The offer always has both kinds, so a patient with a camera can send video to a clinician without one.
      for (const kind of ['audio', 'video'] as const) {
        if (stream.getTracks().every((t) => t.kind !== kind))
          next.addTransceiver(kind, { direction: 'recvonly' });
      }
    }
    next.ontrack = ({ track }) => {
      if (pc !== next) return;
      if (!remoteStream) remoteStream = deps.createMediaStream();
      remoteStream.addTrack(track);
      update({ remoteStream });
    };
    next.onicecandidate = ({ candidate }) => {
      if (pc !== next) return;
      const message: SignalMessage = {
        type: 'candidate',
        candidate: candidate
          ? {
              candidate: candidate.candidate,
              sdpMid: candidate.sdpMid,
              sdpMLineIndex: candidate.sdpMLineIndex,
            }
          : null,
      };
      if (next.signalingState === 'have-local-offer') offerCandidates.push(message);
      send(message);
    };
    next.onnegotiationneeded = async () => {
      if (pc !== next || ended) return;
      // The patient's first offer would go nowhere: the clinician offers (after its hello / ours).
      if (polite && !next.remoteDescription) return;
      try {
        makingOffer = true;
        offerCandidates = [];
        await next.setLocalDescription();
        if (pc === next && next.localDescription) send(descriptionMessage(next.localDescription));
      } catch (error) {
        if (pc === next) onError(error);
      } finally {
        makingOffer = false;
      }
    };
    next.oniceconnectionstatechange = () => {
      if (pc === next) iceChanged();
    };
    next.onconnectionstatechange = () => {
      if (pc === next) iceChanged();
    };
  }

  function descriptionMessage(description: RTCSessionDescription | RTCSessionDescriptionInit): SignalMessage {
    return {
      type: 'description',
      description: { type: description.type === 'answer' ? 'answer' : 'offer', sdp: description.sdp ?? '' },
    };
  }

  /** Drops the current connection and starts a new one (the clinician's makes a fresh offer). */
  function renew(): void {
    const old = pc;
    buildConnection();
    old.close();
    lostSince = null;
    if (remoteStream === null && snap.remoteStream !== null) update({ remoteStream: null });
    if (snap.state === 'connected') update({ state: 'reconnecting' });
  }

  function iceChanged(): void {
    if (ended) return;
    const ice = pc.iceConnectionState;
    if (ice === 'connected' || ice === 'completed') {
      lostSince = null;
      if (!everConnected) {
        everConnected = true;
        update({ state: 'connected', connectedAt: deps.now(), remoteLeft: false });
      } else {
        update({ state: 'connected', remoteLeft: false });
      }
      sendMedia();
      return;
    }
    if (ice === 'disconnected' || ice === 'failed') {
      lostSince ??= deps.now();
      if (everConnected && snap.state !== 'reconnecting') update({ state: 'reconnecting' });
      if (ice === 'failed') recover(true);
    }
  }

  /** The media path is lost: the clinician restarts ICE, the patient asks it to. */
  function recover(now: boolean): void {
    if (ended) return;
    const at = deps.now();
    if (!now && at - lastAsk < retryMs) return;
    lastAsk = at;
    if (polite) send({ type: 'hello' });
    else restartOrResend();
  }

  /** The clinician's answer to a hello or a lost path: restart ICE, or send the open offer again. */
  function restartOrResend(): void {
    if (pc.signalingState === 'have-local-offer' && pc.localDescription) {
      // The other side missed our offer (it was offline or not there yet): the same offer again.
      send(descriptionMessage(pc.localDescription));
      for (const candidate of offerCandidates) send(candidate);
    } else if (pc.remoteDescription && pc.signalingState === 'stable') {
      pc.restartIce();
    }
    // Otherwise an offer is being made right now, and goes out by itself.
  }

  /** Once a second: stats for the quality indicator, and the watchdog of a lost connection. */
  const tick = setInterval(() => {
    if (ended) return;
    const ice = pc.iceConnectionState;
    const lost = lostSince !== null && (ice === 'failed' || deps.now() - lostSince > graceMs);
    if (lost && !peerGone) recover(false);
    // The patient still has no offer: say hello again now and then (ours may have been lost).
    if (polite && !peerGone && !pc.remoteDescription && deps.now() - lastDescriptionAt >= retryMs)
      recover(false);
    void pc
      .getStats()
      .then((report) => {
        if (ended) return;
        const stats = readCallStats(report as unknown as Iterable<never>, snap.stats);
        const quality = snap.state === 'connected' ? qualityOf(stats) : 'unknown';
        update({ stats, quality });
      })
      .catch(() => undefined);
  }, statsMs);

  /** Messages are handled one after another: a description must be set before its candidates. */
  let inbox: Promise<void> = Promise.resolve();
  const unsubscribe = realtime.subscribe(peerTopic, (payload) => {
    const message = readSignal(payload);
    if (!message) return;
    peerGone = message.type === 'bye';
    inbox = inbox.then(() => handle(message)).catch((error: unknown) => onError(error));
  });

  async function handle(message: SignalMessage): Promise<void> {
    if (ended) return;
    switch (message.type) {
      case 'hello':
        if (snap.remoteLeft) update({ remoteLeft: false });
        sendMedia();
        if (!polite) restartOrResend();
        return;
      case 'bye':
        update({ remoteLeft: true, remoteMedia: { audio: true, video: true } });
        renew();
        if (snap.state !== 'connecting') update({ state: 'connecting' });
        return;
      case 'media':
        update({ remoteMedia: { audio: message.audio, video: message.video } });
        return;
      case 'description':
        return describe(message.description);
      case 'candidate':
        try {
          await pc.addIceCandidate(message.candidate ?? undefined);
        } catch {
          // A candidate of an offer we ignored, of a connection already replaced, or before
          // its description (an offer we missed): nothing to do, the next exchange renews them.
        }
        return;
    }
  }

  async function describe(description: RTCSessionDescriptionInit & { sdp: string }): Promise<void> {
    lastDescriptionAt = deps.now();
    const session = sdpSessionId(description.sdp);
    if (remoteSession !== null && session !== null && session !== remoteSession) {
      // The other side is a new connection (a reload): start over with it.
      renew();
      if (description.type === 'answer') {
        // Our offer went to the old connection: the clinician's fresh one follows by itself.
        if (polite) send({ type: 'hello' });
        return;
      }
    }
    const offerCollision =
      description.type === 'offer' &&
      (makingOffer || (pc.signalingState !== 'stable' && !settingRemoteAnswer));
    ignoreOffer = !polite && offerCollision;
    if (ignoreOffer) return;
    if (description.type === 'answer' && pc.signalingState !== 'have-local-offer') return; // a late duplicate
    const target = pc;
    settingRemoteAnswer = description.type === 'answer';
    try {
      await target.setRemoteDescription(description);
    } finally {
      settingRemoteAnswer = false;
    }
    if (target !== pc) return;
    remoteSession = session;
    if (description.type === 'offer') {
      await target.setLocalDescription();
      if (target === pc && target.localDescription) send(descriptionMessage(target.localDescription));
    }
  }

  // Each time the broker connection is up (the first one too: what was sent before it was lost):
  // hello, and the clinician restarts ICE or sends its open offer again. A token renewal over a
  // second connection is no outage: nothing to do.
  const offReconnect = realtime.onConnected((renewed) => {
    if (ended || renewed || peerGone) return;
    send({ type: 'hello' });
    if (!polite) restartOrResend();
  });

  buildConnection();
  send({ type: 'hello' });

  function setTracks(kind: 'audio' | 'video', on: boolean): void {
    for (const track of snap.localStream.getTracks()) if (track.kind === kind) track.enabled = on;
    update({ localMedia: { ...snap.localMedia, [kind]: on } });
    sendMedia();
  }

  function finish(sayBye: boolean): void {
    if (ended) return;
    if (sayBye) send({ type: 'bye' });
    ended = true;
    clearInterval(tick);
    unsubscribe();
    offReconnect();
    pc.close();
    for (const track of sayBye ? snap.localStream.getTracks() : ownTracks) track.stop();
    update({ state: 'ended', quality: 'unknown' });
  }

  return {
    snapshot: () => snap,
    subscribe(listener) {
      listeners.add(listener);
      return () => void listeners.delete(listener);
    },
    setAudio: (on) => setTracks('audio', on),
    setVideo: (on) => setTracks('video', on),
    async switchCamera(to) {
      const old = snap.localStream.getVideoTracks()[0];
      if (ended || !old) return;
      // A chosen device keeps the facing (a desk camera faces its user, so the mirror stays).
      const byDevice = typeof to === 'object' ? to.deviceId : null;
      const facing: FacingMode =
        typeof to === 'object'
          ? snap.facingMode
          : (to ?? (snap.facingMode === 'user' ? 'environment' : 'user'));
      const video: MediaTrackConstraints =
        byDevice !== null ? { deviceId: { exact: byDevice } } : { facingMode: { ideal: facing } };
      // Some phones cannot open two cameras at once: let the old one go first.
      old.stop();
      let fresh: MediaStreamTrack | undefined;
      try {
        const stream = await deps.getUserMedia({ video, audio: false });
        fresh = stream.getVideoTracks()[0];
      } catch (error) {
        // Back to the camera we had (same facing).
        const stream = await deps
          .getUserMedia({ video: { facingMode: { ideal: snap.facingMode } }, audio: false })
          .catch(() => null);
        fresh = stream?.getVideoTracks()[0];
        if (fresh) await replaceVideo(old, fresh, snap.facingMode);
        throw error;
      }
      if (!fresh) return;
      await replaceVideo(old, fresh, facing);
    },
    hangup: () => finish(true),
    close: () => finish(false),
    getStats: () => (ended ? Promise.resolve(null) : pc.getStats()),
  };

  async function replaceVideo(old: MediaStreamTrack, fresh: MediaStreamTrack, facing: FacingMode) {
    if (ended) {
      fresh.stop();
      return;
    }
    ownTracks.add(fresh);
    fresh.enabled = snap.localMedia.video;
    const sender = pc.getSenders().find((s) => s.track === old || s.track?.kind === 'video');
    await sender?.replaceTrack(fresh);
    const stream = deps.createMediaStream([...snap.localStream.getAudioTracks(), fresh]);
    update({ localStream: stream, facingMode: facing, canSwitchCamera: true });
  }
}

/** The browser's constructors, looked up only when used (Node tests pass their own). */
function lazyBrowserDeps(): VideoCallDeps {
  return {
    createPeerConnection: (configuration) => browserDeps().createPeerConnection(configuration),
    createMediaStream: (tracks) => browserDeps().createMediaStream(tracks),
    getUserMedia: (constraints) => browserDeps().getUserMedia(constraints),
    now: () => Date.now(),
  };
}
