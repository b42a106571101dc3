import type { TelemedicineDeviceState } from '@smartcare/contract/telemedicine';

/**
 * The device check's pieces that are not React (issue 17 `/homecare/telemedicine/config`):
 * opening camera and microphone with a plain verdict per device, the microphone level, the
 * speaker's test tone, and the network probe's verdict in words a patient understands.
 */

export type FacingMode = 'user' | 'environment';

/** Why the devices could not be opened, in what the patient can do about it. */
export type MediaProblem =
  | 'denied' // the patient or the browser said no: the settings guidance
  | 'missing' // no camera / microphone on this device
  | 'busy' // another app holds the camera
  | 'insecure' // no mediaDevices at all (not https, or a very old browser)
  | 'unknown';

export interface OpenedMedia {
  stream: MediaStream | null;
  camera: TelemedicineDeviceState;
  microphone: TelemedicineDeviceState;
  problem: MediaProblem | null;
}

export interface MediaChoice {
  facingMode: FacingMode;
  videoDeviceId?: string | null;
  audioDeviceId?: string | null;
}

/** What getUserMedia's refusal means (the DOMException's name; a few old names included). */
export function problemOf(error: unknown): MediaProblem {
  const name =
    error instanceof Error || (error && typeof error === 'object' && 'name' in error)
      ? String((error as { name: unknown }).name)
      : '';
  switch (name) {
    case 'NotAllowedError':
    case 'PermissionDeniedError':
    case 'SecurityError':
      return 'denied';
    case 'NotFoundError':
    case 'DevicesNotFoundError':
    case 'OverconstrainedError':
      return 'missing';
    case 'NotReadableError':
    case 'TrackStartError':
    case 'AbortError':
      return 'busy';
    default:
      return 'unknown';
  }
}

export function videoConstraints(choice: MediaChoice): MediaTrackConstraints {
  return choice.videoDeviceId
    ? { deviceId: { exact: choice.videoDeviceId } }
    : { facingMode: { ideal: choice.facingMode }, width: { ideal: 640 }, height: { ideal: 480 } };
}

export function audioConstraints(choice: MediaChoice): MediaTrackConstraints | boolean {
  const base = { echoCancellation: true, noiseSuppression: true, autoGainControl: true };
  return choice.audioDeviceId ? { ...base, deviceId: { exact: choice.audioDeviceId } } : base;
}

/**
 * Camera and microphone together (one permission prompt); when that fails for lack of a
 * device, each alone, so the verdict says which one is missing.
 */
export async function openMedia(
  choice: MediaChoice,
  devices: Pick<MediaDevices, 'getUserMedia'> | undefined = globalThis.navigator?.mediaDevices,
): Promise<OpenedMedia> {
  if (!devices?.getUserMedia)
    return { stream: null, camera: 'MISSING', microphone: 'MISSING', problem: 'insecure' };
  try {
    const stream = await devices.getUserMedia({
      video: videoConstraints(choice),
      audio: audioConstraints(choice),
    });
    return { stream, camera: 'OK', microphone: 'OK', problem: null };
  } catch (error) {
    const problem = problemOf(error);
    if (problem === 'denied') return { stream: null, camera: 'DENIED', microphone: 'DENIED', problem };
    // One of the two may still work: try each alone.
    const [video, audio] = await Promise.all([
      devices.getUserMedia({ video: videoConstraints(choice) }).catch((e: unknown) => e),
      devices.getUserMedia({ audio: audioConstraints(choice) }).catch((e: unknown) => e),
    ]);
    const state = (result: unknown): TelemedicineDeviceState =>
      isStream(result) ? 'OK' : problemOf(result) === 'denied' ? 'DENIED' : 'MISSING';
    const tracks = [video, audio].filter(isStream).flatMap((s) => s.getTracks());
    const stream = tracks.length > 0 ? new MediaStream(tracks) : null;
    return { stream, camera: state(video), microphone: state(audio), problem };
  }
}

function isStream(value: unknown): value is MediaStream {
  return !!value && typeof value === 'object' && typeof (value as MediaStream).getTracks === 'function';
}

export function stopStream(stream: MediaStream | null | undefined): void {
  for (const track of stream?.getTracks() ?? []) track.stop();
}

/** 0–100 from an analyser's time-domain bytes (128 = silence): RMS, scaled so speech fills the bar. */
export function levelOf(samples: Uint8Array): number {
  if (samples.length === 0) return 0;
  let sum = 0;
  for (const sample of samples) {
    const v = (sample - 128) / 128;
    sum += v * v;
  }
  const rms = Math.sqrt(sum / samples.length);
  return Math.min(100, Math.round(rms * 400));
}

/** A short two-note chime on the speaker (no sound file to download). Resolves when it has played. */
export async function playTestTone(context: AudioContext, seconds = 1.2): Promise<void> {
  if (context.state === 'suspended') await context.resume();
  const start = context.currentTime + 0.05;
  const gain = context.createGain();
  gain.connect(context.destination);
  gain.gain.setValueAtTime(0, start);
  gain.gain.linearRampToValueAtTime(0.4, start + 0.05);
  gain.gain.setValueAtTime(0.4, start + seconds - 0.15);
  gain.gain.linearRampToValueAtTime(0, start + seconds);
  for (const [i, frequency] of [660, 880].entries()) {
    const oscillator = context.createOscillator();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    oscillator.connect(gain);
    const from = start + (i * seconds) / 2;
    oscillator.start(from);
    oscillator.stop(from + seconds / 2);
  }
  await new Promise((resolve) => setTimeout(resolve, (seconds + 0.1) * 1000));
}

/* ---- network ---- */

export interface NetworkResult {
  rttMs: number | null;
  downKbps: number | null;
}

export type NetworkVerdict = 'good' | 'fair' | 'poor' | 'failed';

/** A video visit wants about 1.5 Mbit/s down for a clear picture (ours is 640×480) and a quick answer. */
export const NETWORK_LIMITS = {
  good: { rttMs: 150, downKbps: 1500 },
  fair: { rttMs: 400, downKbps: 500 },
} as const;

export function networkVerdict(result: NetworkResult): NetworkVerdict {
  const { rttMs, downKbps } = result;
  if (rttMs === null && downKbps === null) return 'failed';
  const rtt = rttMs ?? Number.POSITIVE_INFINITY;
  const down = downKbps ?? 0;
  if (rtt <= NETWORK_LIMITS.good.rttMs && down >= NETWORK_LIMITS.good.downKbps) return 'good';
  if (rtt <= NETWORK_LIMITS.fair.rttMs && down >= NETWORK_LIMITS.fair.downKbps) return 'fair';
  return 'poor';
}

/** The middle value (the round trip of 3 pings: one slow outlier does not count). */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : Math.round((sorted[mid - 1]! + sorted[mid]!) / 2);
}

export interface ProbeTransport {
  /** Fetches `bytes` random bytes from the server; resolves with how many arrived. */
  fetch(bytes: number): Promise<number>;
  now(): number;
}

export const PROBE_PINGS = 3;
export const PROBE_BYTES = 262_144;

/** A few empty pings for the round trip, then one 256 KB download for the throughput. */
export async function probeNetwork(transport: ProbeTransport): Promise<NetworkResult> {
  const rtts: number[] = [];
  for (let i = 0; i < PROBE_PINGS; i += 1) {
    const start = transport.now();
    try {
      await transport.fetch(0);
      rtts.push(Math.round(transport.now() - start));
    } catch {
      // counted as missing
    }
  }
  const rttMs = median(rtts);
  let downKbps: number | null = null;
  if (rtts.length > 0) {
    const start = transport.now();
    try {
      const received = await transport.fetch(PROBE_BYTES);
      // The transfer time without one round trip (the request's own way there and back).
      const ms = Math.max(1, transport.now() - start - (rttMs ?? 0));
      downKbps = Math.round((received * 8) / ms);
    } catch {
      downKbps = null;
    }
  }
  return { rttMs, downKbps };
}
