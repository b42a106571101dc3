import { TELEMEDICINE_SIGNAL_STATUSES } from '@smartcare/contract/telemedicine';
import type { TopicAccess } from '../../plugins/broker/broker-acl.ts';
import type { VisitParties } from './telemedicine.repository.ts';

export interface VisitLookup {
  /** The visit's patient, clinician, hospital and status now; null when there is no such visit. */
  parties(visitIdx: number): Promise<VisitParties | null>;
}

/**
 * The telemedicine topics as declared to the broker (decision 030).
 *
 * - `telemedicine/{visitIdx}/signal/{from}`: only the visit's patient and its clinician
 *   (`staffIdx`), only while the visit is WAITING or IN_CALL. Each side publishes on its own
 *   `from` and subscribes to the other's. Asked on every publish, so a visit that ends, or a
 *   clinician who hands it over, stops the flow at once. Never stored.
 * - `telemedicine/{visitIdx}/status`: the server publishes; the visit's patient and the staff
 *   of its hospital read.
 * - `telemedicineQueue/{hospitalIdx}`: the server publishes; the hospital's staff read.
 *
 * The visit is read on each decision (its status changes); there is no cache to go stale.
 */
export function telemedicineTopicAccess(visits: VisitLookup): {
  telemedicineSignal: TopicAccess<'telemedicineSignal'>;
  telemedicineVisit: TopicAccess<'telemedicineVisit'>;
  telemedicineQueue: TopicAccess<'telemedicineQueue'>;
} {
  return {
    telemedicineSignal: {
      async may(principal, action, topic) {
        // Each side writes its own topic and reads the other's, never the reverse.
        const own = topic.from === principal.kind;
        if (action === 'publish' ? !own : own) return false;
        const visit = await visits.parties(topic.visitIdx);
        if (!visit || !TELEMEDICINE_SIGNAL_STATUSES.includes(visit.status)) return false;
        return principal.kind === 'patient'
          ? visit.patientIdx === principal.idx
          : visit.staffIdx === principal.idx && visit.hospitalIdx === principal.hospitalIdx;
      },
      patientOf: async (topic) => (await visits.parties(topic.visitIdx))?.patientIdx ?? null,
    },
    telemedicineVisit: {
      async may(principal, action, topic) {
        if (action !== 'subscribe') return false;
        const visit = await visits.parties(topic.visitIdx);
        if (!visit) return false;
        return principal.kind === 'patient'
          ? visit.patientIdx === principal.idx
          : visit.hospitalIdx === principal.hospitalIdx;
      },
      patientOf: async (topic) => (await visits.parties(topic.visitIdx))?.patientIdx ?? null,
    },
    telemedicineQueue: {
      may: async (principal, action, topic) =>
        principal.kind === 'staff' && action === 'subscribe' && topic.hospitalIdx === principal.hospitalIdx,
    },
  };
}
