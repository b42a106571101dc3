import type { TopicAccess } from '../../plugins/broker/broker-acl.ts';

/**
 * `notification/patient/{patientIdx}`: the in-app notice, read by that patient only. Nobody
 * publishes there but the server (presence goes over REST, decision 015).
 */
export const notificationTopicAccess: TopicAccess<'notificationPatient'> = {
  may: async (principal, action, topic) =>
    principal.kind === 'patient' && action === 'subscribe' && topic.patientIdx === principal.idx,
  patientOf: async (topic) => topic.patientIdx,
};
