import type { Audit } from '../audit.plugin.ts';
import type { BrokerPrincipal, TopicAction, TopicFacts } from './broker-acl.ts';

/** Called by the broker after each ACL decision on a subscribe or a publish. */
export type AccessDecisionHook = (
  principal: BrokerPrincipal,
  action: TopicAction,
  topic: string,
  allowed: boolean,
  facts: TopicFacts,
) => Promise<void>;

/**
 * What of the broker's traffic goes to the audit log (issue 10 point 18), with the patient
 * it concerns (from the topic's declaration): a staff member subscribing to a topic that
 * carries a patient's conversation (a chat room: from then on they receive it), and every
 * refused subscribe or publish, by anyone. Messages themselves are audited where they are stored.
 */
export function brokerAccessAudit(audit: Pick<Audit, 'record'>): AccessDecisionHook {
  return async (principal, action, topic, allowed, facts) => {
    const staffSubscribesToRoom =
      allowed && principal.kind === 'staff' && action === 'subscribe' && facts.auditStaffSubscribe;
    if (allowed && !staffSubscribesToRoom) return;
    await audit.record({
      actorType: principal.kind,
      actorIdx: principal.idx,
      action: allowed ? 'chat.room.subscribe' : 'access.refused',
      patientIdx: await facts.patientOf(),
      detail: { channel: 'mqtt', action, topic },
    });
  };
}
