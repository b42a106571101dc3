import type { z } from 'zod';
import {
  chatChangeEventSchema,
  chatCompleteEventSchema,
  chatCreateEventSchema,
  chatEnterEventSchema,
  chatMessagePublishSchema,
  chatMessageSchema,
  chatUpdateEventSchema,
  staffInboxEventSchema,
} from './chat.ts';
import { notificationSchema } from './notification.ts';
// issue 13
import { vitalSignAlertEventSchema } from './home-care-watch.ts';
import { nurseCallEventSchema, nurseCallRequestSchema } from './nurse-call.ts';
// issue 17 — telemedicine
import {
  telemedicineQueueEventSchema,
  telemedicineSignalSchema,
  telemedicineVisitEventSchema,
} from './telemedicine.ts';
import type { ParsedTopic, TopicKind } from './topics.ts';

type TopicOf<K extends TopicKind> = Extract<ParsedTopic, { kind: K }>;

/**
 * The payload schemas of each kind of `TOPIC_TABLE` (topics.ts stays zod-free: the patient
 * app's first screen imports it). Typed by the table's kinds, so a new topic does not compile
 * until its payloads are here. `delivered`: what subscribers receive from the server (null for
 * a filter); `published`: what the server validates of a client's publish (null where clients
 * may not publish or the payload carries nothing, e.g. `complete`).
 */
export const TOPIC_PAYLOADS: {
  [K in TopicKind]: {
    delivered(topic: TopicOf<K>): z.ZodType | null;
    published(topic: TopicOf<K>): z.ZodType | null;
  };
} = {
  chat: {
    delivered: ({ event }) =>
      event === '#'
        ? null
        : {
            create: chatCreateEventSchema,
            update: chatUpdateEventSchema,
            change: chatChangeEventSchema,
            enter: chatEnterEventSchema,
            message: chatMessageSchema,
            complete: chatCompleteEventSchema,
          }[event],
    published: ({ event }) => (event === 'message' ? chatMessagePublishSchema : null),
  },
  nurseCalling: { delivered: () => nurseCallEventSchema, published: () => nurseCallRequestSchema },
  nurseCallingPatient: { delivered: () => nurseCallEventSchema, published: () => null },
  staffInbox: { delivered: () => staffInboxEventSchema, published: () => null },
  // issue 12
  notificationPatient: { delivered: () => notificationSchema, published: () => null },
  // issue 13: only the server publishes alerts
  homeCareAlert: { delivered: () => vitalSignAlertEventSchema, published: () => null },
  // issue 17 — telemedicine: clients publish signalling only; status and queue come from the server
  telemedicineSignal: {
    delivered: () => telemedicineSignalSchema,
    published: () => telemedicineSignalSchema,
  },
  telemedicineVisit: { delivered: () => telemedicineVisitEventSchema, published: () => null },
  telemedicineQueue: { delivered: () => telemedicineQueueEventSchema, published: () => null },
};

/** The schema of what the server delivers on this topic, by the table. */
export function deliveredSchema(topic: ParsedTopic): z.ZodType | null {
  return (TOPIC_PAYLOADS[topic.kind].delivered as (topic: ParsedTopic) => z.ZodType | null)(topic);
}

/** The schema the server validates a client's publish on this topic with, by the table. */
export function publishedSchema(topic: ParsedTopic): z.ZodType | null {
  return (TOPIC_PAYLOADS[topic.kind].published as (topic: ParsedTopic) => z.ZodType | null)(topic);
}
