import type { StaffDeskQueue } from '@smartcare/contract/staff-desk';
import { topics } from '@smartcare/contract/topics';

export interface StaffDeskServiceDeps {
  publisher: { publish(topic: string, payload: unknown): Promise<void> };
  /** A failed publish is logged, never the change's failure (the console also refetches on reconnect). */
  log: { warn(details: object, message: string): void };
  now?: () => Date;
}

/**
 * The staff desk's live queues (issue 16, decision 031): the document-request and appointment
 * modules tell it, after their change is committed, that one item of a hospital changed; it
 * publishes `{ queue, idx, at }` on `staffDesk/{hospitalIdx}` for that hospital's staff.
 */
export function createStaffDeskService(deps: StaffDeskServiceDeps) {
  const now = deps.now ?? (() => new Date());
  return {
    async changed(hospitalIdx: number, queue: StaffDeskQueue, idx: number): Promise<void> {
      try {
        await deps.publisher.publish(topics.staffDesk(hospitalIdx), { queue, idx, at: now().toISOString() });
      } catch (error) {
        deps.log.warn({ err: error, hospitalIdx, queue, idx }, 'staff desk event not published');
      }
    },
  };
}

export type StaffDeskService = ReturnType<typeof createStaffDeskService>;
