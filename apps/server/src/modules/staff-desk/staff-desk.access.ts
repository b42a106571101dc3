import type { TopicAccess } from '../../plugins/broker/broker-acl.ts';

/**
 * `staffDesk/{hospitalIdx}` (issue 16, decision 031): the hospital's document-request and
 * appointment queues changed. Only that hospital's staff may subscribe; nobody publishes from a
 * client (the server publishes after the change is stored; staff act through REST).
 */
export function staffDeskTopicAccess(): TopicAccess<'staffDesk'> {
  return {
    may: async (principal, action, topic) =>
      principal.kind === 'staff' && action === 'subscribe' && topic.hospitalIdx === principal.hospitalIdx,
  };
}
