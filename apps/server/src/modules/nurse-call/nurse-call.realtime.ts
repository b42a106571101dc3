import type { NurseCallEvent } from '@smartcare/contract/nurse-call';
import { topics } from '@smartcare/contract/topics';
import { DomainError } from '../../lib/errors.ts';
import { PublishRefused, type RealtimeBroker } from '../../plugins/broker/broker.plugin.ts';
import type { NurseCallService } from './nurse-call.service.ts';

/**
 * A patient's publish to `nurseCalling/{hospitalIdx}` (spec §7) is stored first and then
 * delivered to the ward board as a NurseCallEvent; the patient hears it on their own topic.
 */
export function registerNurseCallRealtime(broker: RealtimeBroker, nurseCalls: NurseCallService) {
  broker.handleClientPublishes(
    (topic) => topic.kind === 'nurseCalling',
    async ({ principal, topic, payload }) => {
      if (topic.kind !== 'nurseCalling' || principal.kind !== 'patient')
        throw new PublishRefused('patients only');
      let body: unknown;
      try {
        body = JSON.parse(payload.toString('utf8'));
      } catch {
        throw new PublishRefused('payload is not JSON');
      }
      // The topic's hospital only opened the broker's door: the call goes to the admission's ward.
      const { call, outcome } = await nurseCalls.request(principal.idx, body).catch((error: unknown) => {
        throw error instanceof DomainError ? new PublishRefused(error.code) : error;
      });
      // A second tap while a call is open brings back the same call, as an update: no new alarm;
      // a more urgent reason raises it and alerts again.
      const event: NurseCallEvent = {
        event: outcome === 'created' ? 'request' : outcome === 'raised' ? 'raise' : 'update',
        call,
      };
      return {
        topic: topics.nurseCalling(call.hospitalIdx),
        payload: event,
        afterDelivery: () => nurseCalls.announceToPatient(call, event.event),
      };
    },
    undefined,
    'nurseCall', // rate limit (issue 10 point 12)
  );
}
