/**
 * The signalling of one video visit over the product's own broker (design "Topics"): each side
 * publishes on `telemedicine/{visitIdx}/signal/{own role}` and subscribes to the other's.
 * Topic and payload come from the contract; this file only reads a delivered payload safely.
 */
import { topics } from '@smartcare/contract/topics';
import { telemedicineSignalSchema, type TelemedicineSignal } from '@smartcare/contract/telemedicine';

export type CallRole = 'patient' | 'staff';
export type SignalMessage = TelemedicineSignal;

export const otherRole = (role: CallRole): CallRole => (role === 'patient' ? 'staff' : 'patient');

/** Where `role` publishes in this visit. */
export const signalTopic = (visitIdx: number, role: CallRole): string =>
  topics.telemedicineSignal(visitIdx, role);

/** A delivered payload as a signal message, or null when it is not one (never throws). */
export function readSignal(payload: unknown): SignalMessage | null {
  const parsed = telemedicineSignalSchema.safeParse(payload);
  return parsed.success ? parsed.data : null;
}

/**
 * The session id of an SDP (`o=- <id> <version> …`): a new RTCPeerConnection on the other side
 * (a reload, a second tab) has a new one, an ICE restart or renegotiation keeps it.
 */
export function sdpSessionId(sdp: string): string | null {
  const match = /^o=\S+ (\S+) /m.exec(sdp);
  return match?.[1] ?? null;
}
