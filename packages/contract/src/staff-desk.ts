import { z } from 'zod';

/**
 * Issue 16 — the staff desk's live queues (decision 031): one event on `staffDesk/{hospitalIdx}`
 * whenever a document request, an appointment change/cancel request or an appointment of that
 * hospital changes. It names only what changed; the console refetches the queue it shows.
 */
export const STAFF_DESK_QUEUES = ['documentRequest', 'appointmentRequest', 'appointment'] as const;
export type StaffDeskQueue = (typeof STAFF_DESK_QUEUES)[number];

export const staffDeskEventSchema = z.object({
  queue: z.enum(STAFF_DESK_QUEUES),
  /** The document request's or the appointment's idx. */
  idx: z.number().int(),
  /** When it changed (ISO 8601). */
  at: z.string(),
});
export type StaffDeskEvent = z.infer<typeof staffDeskEventSchema>;
