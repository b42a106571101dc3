import {
  nurseCallEventSchema,
  type NurseCallEvent,
  type NurseCallReason,
} from '@smartcare/contract/nurse-call';
import type { PatientProfile } from '@smartcare/contract/patient';
import { topics } from '@smartcare/contract/topics';
import { randomId, RealtimeOfflineError, type Realtime } from '@smartcare/web-core/realtime';
import { session } from '../../lib/session';

/**
 * The nurse call over the patient's real-time connection (spec §7): the feature's own, on the
 * connection's generic publish and subscribe, so the chat knows nothing of it.
 */

/** `nurseCalling/{h}/patient/{idx}`: the server's updates of this patient's calls; null before a hospital is chosen. */
export function nurseCallTopic(me: PatientProfile | null): string | null {
  return me?.choseHospitalIdx ? topics.nurseCallingPatient(me.choseHospitalIdx, me.idx) : null;
}

/** Publishes a call to `nurseCalling/{hospitalIdx}`; ward and bed come from the admission on the server. */
export async function requestNurseCall(
  connection: Realtime,
  reason: NurseCallReason,
  note?: string,
): Promise<string> {
  const h = session.snapshot().myData?.choseHospitalIdx ?? null;
  if (h === null) throw new RealtimeOfflineError();
  const clientCallId = randomId();
  const trimmed = note?.trim();
  await connection.publish(topics.nurseCalling(h), {
    clientCallId,
    reason,
    ...(trimmed ? { note: trimmed } : {}),
  });
  return clientCallId;
}

/** A server's update of a call, read with the contract's schema; anything else is null (and ignored). */
export function readNurseCallEvent(payload: unknown): NurseCallEvent | null {
  const event = nurseCallEventSchema.safeParse(payload);
  return event.success ? event.data : null;
}

/** The server's updates of the signed-in patient's calls, for as long as the returned function is not called. */
export function onNurseCallEvent(
  connection: Realtime,
  listener: (event: NurseCallEvent) => void,
): () => void {
  const topic = nurseCallTopic(session.snapshot().myData);
  if (!topic) return () => undefined;
  return connection.subscribe(topic, (payload) => {
    const event = readNurseCallEvent(payload);
    if (event) listener(event);
  });
}
