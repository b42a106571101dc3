import type { TopicAccess } from '../../plugins/broker/broker-acl.ts';

/**
 * `homeCareAlert/{hospitalIdx}` (issue 13): urgent home readings for the hospital's staff.
 * Only that hospital's staff may subscribe; nobody publishes from a client (the server
 * publishes after storing the alert; acknowledgements go through REST, validated and audited).
 */
export function homeCareAlertTopicAccess(): TopicAccess<'homeCareAlert'> {
  return {
    may: async (principal, action, topic) =>
      principal.kind === 'staff' && action === 'subscribe' && topic.hospitalIdx === principal.hospitalIdx,
  };
}
