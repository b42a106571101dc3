/**
 * A small stand-in for the browser's WebRTC (Node has none), for the video call's unit tests
 * and the apps' screen tests: offer / answer with the signalling states and implicit rollback,
 * SDP with a session id and an ICE ufrag, trickled candidates, tracks, ICE restart, and
 * "connected" only when both ends hold each other's current ufrag. The real proof is the e2e.
 */
import type { Realtime, RealtimeHandler } from '../realtime';
import { topicMatches } from '../realtime';
import type { VideoCallDeps } from './video-call';

let counter = 0;
const nextId = () => {
  counter += 1;
  return counter;
};

export class FakeTrack {
  enabled = true;
  readyState: 'live' | 'ended' = 'live';
  readonly id = `track-${nextId()}`;
  constructor(
    readonly kind: 'audio' | 'video',
    readonly label = kind,
  ) {}
  stop(): void {
    this.readyState = 'ended';
  }
}

export class FakeStream {
  readonly id = `stream-${nextId()}`;
  private readonly tracks: FakeTrack[];
  constructor(tracks: FakeTrack[] = []) {
    this.tracks = [...tracks];
  }
  getTracks(): FakeTrack[] {
    return [...this.tracks];
  }
  getAudioTracks(): FakeTrack[] {
    return this.tracks.filter((t) => t.kind === 'audio');
  }
  getVideoTracks(): FakeTrack[] {
    return this.tracks.filter((t) => t.kind === 'video');
  }
  addTrack(track: FakeTrack): void {
    this.tracks.push(track);
  }
}

/** A camera and a microphone. */
export const fakeLocalStream = (kinds: ('audio' | 'video')[] = ['audio', 'video']) =>
  new FakeStream(kinds.map((kind) => new FakeTrack(kind)));

interface Description {
  type: 'offer' | 'answer';
  sdp: string;
}

const ufragOf = (sdp: string) => /a=ice-ufrag:(\S+)/.exec(sdp)?.[1] ?? null;
const kindsOf = (sdp: string) => [...sdp.matchAll(/^m=(\w+)/gm)].map((m) => m[1] as 'audio' | 'video');
const later = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export class FakePeerConnection {
  static readonly all: FakePeerConnection[] = [];
  /** Every connection by its current ufrag: who "answers the checks". */
  static readonly byUfrag = new Map<string, FakePeerConnection>();

  readonly session = String(1_000_000 + nextId());
  private version = 0;
  ufrag: string | null = null;
  signalingState: RTCSignalingState = 'stable';
  iceConnectionState: RTCIceConnectionState = 'new';
  connectionState: RTCPeerConnectionState = 'new';
  localDescription: Description | null = null;
  remoteDescription: Description | null = null;
  readonly senders: { track: FakeTrack | null; replaceTrack(track: FakeTrack | null): Promise<void> }[] = [];
  private readonly kinds: ('audio' | 'video')[] = [];
  private negotiated: string[] = [];
  private restartNeeded = false;
  private negotiationQueued = false;
  private framesDecoded = 0;
  private remoteKindsSeen = new Set<string>();
  readonly addedCandidates: unknown[] = [];
  closed = false;

  onnegotiationneeded: (() => void) | null = null;
  ontrack: ((event: { track: FakeTrack }) => void) | null = null;
  onicecandidate:
    | ((event: { candidate: { candidate: string; sdpMid: string; sdpMLineIndex: number } | null }) => void)
    | null = null;
  oniceconnectionstatechange: (() => void) | null = null;
  onconnectionstatechange: (() => void) | null = null;

  constructor(readonly configuration: RTCConfiguration) {
    FakePeerConnection.all.push(this);
  }

  addTrack(track: FakeTrack): void {
    const sender = {
      track: track as FakeTrack | null,
      replaceTrack: async (next: FakeTrack | null) => {
        sender.track = next;
      },
    };
    this.senders.push(sender);
    this.kinds.push(track.kind);
    this.queueNegotiation();
  }
  addTransceiver(kind: 'audio' | 'video'): void {
    this.kinds.push(kind);
    this.queueNegotiation();
  }
  getSenders() {
    return this.senders;
  }
  restartIce(): void {
    this.restartNeeded = true;
    this.queueNegotiation();
  }

  private needsNegotiation(): boolean {
    return this.restartNeeded || this.kinds.some((kind, i) => this.negotiated[i] !== kind);
  }
  private queueNegotiation(): void {
    if (this.negotiationQueued || this.closed) return;
    this.negotiationQueued = true;
    setTimeout(() => {
      this.negotiationQueued = false;
      if (!this.closed && this.signalingState === 'stable' && this.needsNegotiation())
        this.onnegotiationneeded?.();
    }, 0);
  }

  private newUfrag(): void {
    if (this.ufrag) FakePeerConnection.byUfrag.delete(this.ufrag);
    this.ufrag = `u${nextId()}`;
    FakePeerConnection.byUfrag.set(this.ufrag, this);
  }
  private sdp(kinds: string[]): string {
    this.version += 1;
    return [`v=0`, `o=- ${this.session} ${this.version} IN IP4 127.0.0.1`, `a=ice-ufrag:${this.ufrag}`]
      .concat(kinds.map((kind) => `m=${kind} 9 UDP/TLS/RTP/SAVPF 96`))
      .join('\r\n');
  }

  async setLocalDescription(description?: { type: 'rollback' }): Promise<void> {
    await later();
    if (this.closed) throw new Error('InvalidStateError: closed');
    if (description?.type === 'rollback') {
      this.signalingState = 'stable';
      return;
    }
    if (this.signalingState === 'have-remote-offer') {
      const offer = this.remoteDescription!;
      if (!this.ufrag || this.restartNeeded || ufragOf(offer.sdp) !== this.lastRemoteUfrag) this.newUfrag();
      this.restartNeeded = false;
      this.lastRemoteUfrag = ufragOf(offer.sdp);
      const kinds = kindsOf(offer.sdp);
      this.localDescription = { type: 'answer', sdp: this.sdp(kinds) };
      this.negotiated = [...kinds];
      this.signalingState = 'stable';
      this.trickle();
      this.checkIce();
      this.queueNegotiation();
      return;
    }
    if (!this.ufrag || this.restartNeeded) this.newUfrag();
    this.restartNeeded = false;
    this.localDescription = { type: 'offer', sdp: this.sdp(this.kinds) };
    this.signalingState = 'have-local-offer';
    this.trickle();
  }
  private lastRemoteUfrag: string | null = null;

  async setRemoteDescription(description: Description): Promise<void> {
    await later();
    if (this.closed) throw new Error('InvalidStateError: closed');
    if (description.type === 'offer') {
      if (this.signalingState === 'have-local-offer') this.signalingState = 'stable'; // implicit rollback
      this.remoteDescription = description;
      this.signalingState = 'have-remote-offer';
      this.fireTracks(description.sdp);
      return;
    }
    if (this.signalingState !== 'have-local-offer') throw new Error('InvalidStateError: no offer');
    this.remoteDescription = description;
    this.lastRemoteUfrag = ufragOf(description.sdp);
    this.negotiated = [...this.kinds];
    this.signalingState = 'stable';
    this.fireTracks(description.sdp);
    this.checkIce();
    this.queueNegotiation();
  }

  async addIceCandidate(candidate?: { candidate: string } | null): Promise<void> {
    await later();
    if (!this.remoteDescription) throw new Error('InvalidStateError: no remote description');
    if (candidate && candidate.candidate !== `candidate:${ufragOf(this.remoteDescription.sdp)}`) {
      throw new Error('OperationError: unknown ufrag');
    }
    this.addedCandidates.push(candidate ?? null);
  }

  private fireTracks(sdp: string): void {
    for (const kind of kindsOf(sdp)) {
      if (this.remoteKindsSeen.has(kind)) continue;
      this.remoteKindsSeen.add(kind);
      this.ontrack?.({ track: new FakeTrack(kind) });
    }
  }

  private trickle(): void {
    const ufrag = this.ufrag;
    setTimeout(() => {
      if (this.closed || this.ufrag !== ufrag) return;
      this.onicecandidate?.({
        candidate: { candidate: `candidate:${ufrag}`, sdpMid: '0', sdpMLineIndex: 0 },
      });
      this.onicecandidate?.({ candidate: null });
    }, 0);
  }

  /** The other end: the connection holding the ufrag of our remote description. */
  peer(): FakePeerConnection | null {
    const remote = this.remoteDescription && ufragOf(this.remoteDescription.sdp);
    return (remote && FakePeerConnection.byUfrag.get(remote)) || null;
  }

  private checkIce(): void {
    const peer = this.peer();
    const ok =
      !!peer &&
      !peer.closed &&
      this.signalingState === 'stable' &&
      peer.signalingState === 'stable' &&
      peer.remoteDescription !== null &&
      ufragOf(peer.remoteDescription.sdp) === this.ufrag;
    if (ok) {
      this.setIce('connected');
      peer.setIce('connected');
    }
  }

  /** Sets the ICE state as the network would (tests call it to cut the path). */
  setIce(state: RTCIceConnectionState): void {
    if (this.closed || this.iceConnectionState === state) return;
    this.iceConnectionState = state;
    this.connectionState = state === 'checking' ? 'connecting' : (state as RTCPeerConnectionState);
    this.oniceconnectionstatechange?.();
    this.onconnectionstatechange?.();
  }

  async getStats(): Promise<Map<string, Record<string, unknown>>> {
    if (this.iceConnectionState === 'connected') this.framesDecoded += 25;
    return new Map<string, Record<string, unknown>>([
      ['T', { id: 'T', type: 'transport', selectedCandidatePairId: 'P' }],
      ['P', { id: 'P', type: 'candidate-pair', state: 'succeeded', currentRoundTripTime: 0.04 }],
      [
        'V',
        {
          id: 'V',
          type: 'inbound-rtp',
          kind: 'video',
          packetsReceived: this.framesDecoded * 3,
          packetsLost: 0,
          framesDecoded: this.framesDecoded,
        },
      ],
    ]);
  }

  close(): void {
    this.closed = true;
    this.signalingState = 'closed';
    this.iceConnectionState = 'closed';
    this.connectionState = 'closed';
    if (this.ufrag) FakePeerConnection.byUfrag.delete(this.ufrag);
    // The other end notices after a while (consent freshness): the tests cut it by hand.
  }
}

/** The browser pieces of one side, recording what getUserMedia was asked. */
export function fakeVideoCallDeps(now: () => number = () => Date.now()) {
  const constraints: MediaStreamConstraints[] = [];
  const deps: VideoCallDeps & { constraints: MediaStreamConstraints[] } = {
    constraints,
    createPeerConnection: (configuration) =>
      new FakePeerConnection(configuration) as unknown as RTCPeerConnection,
    createMediaStream: (tracks) => new FakeStream(tracks as unknown as FakeTrack[]) as unknown as MediaStream,
    getUserMedia: async (request) => {
      constraints.push(request);
      return fakeLocalStream(['video']) as unknown as MediaStream;
    },
    now,
  };
  return deps;
}

/**
 * An in-memory broker for several `Realtime`s: publishes reach every other connection's matching
 * subscriptions on a later tick; an offline connection neither sends nor receives.
 */
export class FakeSignalBus {
  private readonly clients: FakeBusRealtime[] = [];
  readonly log: { from: string; topic: string; payload: unknown }[] = [];

  connect(name: string): FakeBusRealtime {
    const client = new FakeBusRealtime(name, this);
    this.clients.push(client);
    return client;
  }

  deliver(from: FakeBusRealtime, topic: string, payload: unknown): void {
    this.log.push({ from: from.name, topic, payload });
    const copy = JSON.parse(JSON.stringify(payload)) as unknown;
    setTimeout(() => {
      for (const client of this.clients) {
        if (client.online) client.receive(topic, copy);
      }
    }, 0);
  }
}

export class FakeBusRealtime implements Pick<Realtime, 'publish' | 'subscribe' | 'onConnected'> {
  online = true;
  private readonly handlers = new Map<string, Set<RealtimeHandler>>();
  private readonly connectedListeners = new Set<(renewed: boolean) => void>();

  constructor(
    readonly name: string,
    private readonly bus: FakeSignalBus,
  ) {}

  subscribe(filter: string, handler: RealtimeHandler): () => void {
    const set = this.handlers.get(filter) ?? new Set();
    set.add(handler);
    this.handlers.set(filter, set);
    return () => void set.delete(handler);
  }
  publish(topic: string, payload: unknown): Promise<void> {
    if (!this.online) return Promise.reject(new Error('realtime offline'));
    this.bus.deliver(this, topic, payload);
    return Promise.resolve();
  }
  onConnected(listener: (renewed: boolean) => void): () => void {
    this.connectedListeners.add(listener);
    return () => void this.connectedListeners.delete(listener);
  }
  receive(topic: string, payload: unknown): void {
    for (const [filter, set] of this.handlers) {
      if (topicMatches(filter, topic)) for (const handler of [...set]) handler(payload, topic);
    }
  }
  /** The connection drops (nothing in or out) … */
  goOffline(): void {
    this.online = false;
  }
  /** … and comes back (or connects the first time): the listeners run, as the real connection's do. */
  comeBack(renewed = false): void {
    this.online = true;
    for (const listener of [...this.connectedListeners]) listener(renewed);
  }
  get subscriptionCount(): number {
    let count = 0;
    for (const set of this.handlers.values()) count += set.size;
    return count;
  }
}
