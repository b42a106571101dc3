import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useRealtime } from '../use-realtime';
import type { CallRole } from './signal';
import {
  createVideoCall,
  type CameraChoice,
  type FacingMode,
  type VideoCall,
  type VideoCallDeps,
  type VideoCallSnapshot,
} from './video-call';

export interface UseVideoCallOptions {
  visitIdx: number;
  role: CallRole;
  /** Null while they are being fetched: no call yet. */
  iceServers: RTCIceServer[] | null;
  /** Null while the camera is being opened: no call yet. `hangup` stops its tracks; unmounting leaves them to the caller. */
  localStream: MediaStream | null;
  facingMode?: FacingMode;
  /** False: no call (e.g. the visit is not open); switching to false closes it without `bye`. */
  enabled?: boolean;
  deps?: Partial<VideoCallDeps>;
}

export interface UseVideoCall {
  /** Null until the call exists (options incomplete or disabled). */
  snapshot: VideoCallSnapshot | null;
  setAudio(on: boolean): void;
  setVideo(on: boolean): void;
  switchCamera(to?: CameraChoice): Promise<void>;
  hangup(): void;
  /**
   * Ref for the remote <video>: sets its stream, and keeps `data-frames-decoded` on it (the
   * remote video frames decoded so far, from getStats every second) — the browser tests' proof
   * that real video arrived, in both apps. Keep the element mounted for the call's life.
   */
  remoteVideoRef(element: HTMLVideoElement | null): void;
  /** Ref for the self view (muted, the local stream; follows a camera switch). */
  localVideoRef(element: HTMLVideoElement | null): void;
}

const noSnapshot = () => null;
const noSubscribe = () => () => undefined;

function attach(element: HTMLVideoElement | null, stream: MediaStream | null): void {
  if (!element || element.srcObject === stream) return;
  element.srcObject = stream;
  // Autoplay needs no gesture for a muted element or once the page has had one; a refusal is harmless.
  if (stream) void element.play?.()?.catch(() => undefined);
}

/** One call for as long as the component is mounted with complete options (design "WebRTC roles"). */
export function useVideoCall(options: UseVideoCallOptions): UseVideoCall {
  const realtime = useRealtime();
  const { visitIdx, role, iceServers, localStream, facingMode, enabled = true } = options;
  const depsRef = useRef(options.deps);
  const [call, setCall] = useState<VideoCall | null>(null);

  useEffect(() => {
    if (!enabled || !iceServers || !localStream) return undefined;
    const created = createVideoCall({
      realtime,
      visitIdx,
      role,
      iceServers,
      localStream,
      facingMode,
      deps: depsRef.current,
    });
    setCall(created);
    return () => {
      created.close();
      setCall((current) => (current === created ? null : current));
    };
    // facingMode is only the starting camera: a change later is the call's own switchCamera.
  }, [realtime, visitIdx, role, iceServers, localStream, enabled]);

  const snapshot = useSyncExternalStore(
    call ? call.subscribe : noSubscribe,
    call ? call.snapshot : noSnapshot,
    call ? call.snapshot : noSnapshot,
  );

  const remoteElement = useRef<HTMLVideoElement | null>(null);
  const localElement = useRef<HTMLVideoElement | null>(null);
  const remoteStream = snapshot?.remoteStream ?? null;
  const ownStream = snapshot?.localStream ?? null;
  const framesDecoded = String(snapshot?.stats?.framesDecoded ?? 0);
  // The latest values, for an element that mounts later than they changed.
  const latest = useRef({ remoteStream, ownStream, framesDecoded });
  useEffect(() => {
    latest.current = { remoteStream, ownStream, framesDecoded };
    attach(remoteElement.current, remoteStream);
    attach(localElement.current, ownStream);
    remoteElement.current?.setAttribute('data-frames-decoded', framesDecoded);
  }, [remoteStream, ownStream, framesDecoded]);

  const remoteVideoRef = useCallback((element: HTMLVideoElement | null) => {
    remoteElement.current = element;
    if (!element) return;
    element.setAttribute('data-frames-decoded', latest.current.framesDecoded);
    attach(element, latest.current.remoteStream);
  }, []);
  const localVideoRef = useCallback((element: HTMLVideoElement | null) => {
    localElement.current = element;
    if (!element) return;
    element.muted = true;
    attach(element, latest.current.ownStream);
  }, []);

  return {
    snapshot,
    setAudio: useCallback((on: boolean) => call?.setAudio(on), [call]),
    setVideo: useCallback((on: boolean) => call?.setVideo(on), [call]),
    switchCamera: useCallback(
      (to?: CameraChoice) => (call ? call.switchCamera(to) : Promise.resolve()),
      [call],
    ),
    hangup: useCallback(() => call?.hangup(), [call]),
    remoteVideoRef,
    localVideoRef,
  };
}
