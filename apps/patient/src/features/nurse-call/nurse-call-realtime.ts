import {
  nurseCallEventSchema,
  type NurseCallEvent,
  type NurseCallReason,
} from '@smartcare/contract/nurse-call';
import { parseTopic, topics } from '@smartcare/contract/topics';
import { randomId, RealtimeOfflineError, type Realtime } from '../../lib/realtime';

/**
 * The nurse call over the patient's real-time connection (spec §7): the feature's own, on the
 * connection's generic publish and topic listeners, so the chat knows nothing of it.
 */

/** Publishes a call to `nurseCalling/{hospitalIdx}`; ward and bed come from the admission on the server. */
export async function requestNurseCall(
  rt: Realtime,
  reason: NurseCallReason,
  note?: string,
): Promise<string> {
  const h = rt.hospitalIdx();
  if (h === null) throw new RealtimeOfflineError();
  const clientCallId = randomId();
  const trimmed = note?.trim();
  await rt.publish(topics.nurseCalling(h), { clientCallId, reason, ...(trimmed ? { note: trimmed } : {}) });
  return clientCallId;
}

/** The server's updates of the patient's calls, read with the contract's schema (others are ignored). */
export function onNurseCallEvent(rt: Realtime, listener: (event: NurseCallEvent) => void): () => void {
  return rt.onTopic((topic, payload) => {
    if (parseTopic(topic)?.kind !== 'nurseCallingPatient') return;
    const event = nurseCallEventSchema.safeParse(payload);
    if (event.success) listener(event.data);
  });
}
