import { telemedicineSignalSchema } from '@smartcare/contract/telemedicine';
import { topics } from '@smartcare/contract/topics';
import { PublishRefused, type RealtimeBroker } from '../../plugins/broker/broker.plugin.ts';

/** The name of the signalling rate limit in `publishLimits` (config.ts). */
export const TELEMEDICINE_SIGNAL_LIMIT = 'telemedicineSignal';

/**
 * A signalling message (offer, answer, ICE candidate, media state, hello, bye) from one side of
 * a visit: checked against the contract's schema and passed on to the other side as it came.
 * Nothing is stored (signalling is ephemeral, decision 030). The ACL has already checked the
 * sender is the visit's patient or clinician and the visit is WAITING or IN_CALL. Messages of one
 * sender are delivered in order (an answer must not overtake its candidates).
 */
export function registerTelemedicineRealtime(broker: RealtimeBroker) {
  broker.handleClientPublishes(
    (topic) => topic.kind === 'telemedicineSignal',
    async ({ topic, payload }) => {
      let body: unknown;
      try {
        body = JSON.parse(payload.toString('utf8'));
      } catch {
        throw new PublishRefused('payload is not JSON');
      }
      const parsed = telemedicineSignalSchema.safeParse(body);
      if (!parsed.success) throw new PublishRefused('not a signalling message');
      if (topic.kind !== 'telemedicineSignal') throw new PublishRefused('not a signalling topic');
      return { topic: topics.telemedicineSignal(topic.visitIdx, topic.from), payload: parsed.data };
    },
    (topic) => (topic.kind === 'telemedicineSignal' ? `telemedicine:${topic.visitIdx}:${topic.from}` : ''),
    TELEMEDICINE_SIGNAL_LIMIT,
  );
}
