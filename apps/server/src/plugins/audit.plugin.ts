import fp from 'fastify-plugin';
import { AccessRefused, DomainError } from '../lib/errors.ts';
import type { SqlQueryable } from './db/database.ts';

export interface AuditEntry {
  actorType: 'patient' | 'staff' | 'system';
  actorIdx: number | null;
  /** What happened, e.g. 'patient.read', 'patient.update', 'consent.update'. */
  action: string;
  patientIdx: number | null;
  /** Which fields or items, never their values: the log must not become a copy of the record. */
  detail?: Record<string, unknown>;
}

export interface Audit {
  /**
   * Writes the entry and resolves once it is committed. Pass `db` to write inside the
   * caller's transaction, so a change and its log commit together. Without it (reads,
   * logins) the entry joins the next group write: the entries recorded up to the next turn
   * of the event loop, or while an INSERT is running, are written together
   * (docs/decisions/005).
   */
  record(entry: AuditEntry, db?: SqlQueryable): Promise<void>;
  /** Resolves when every entry recorded so far has been written (or has failed). */
  flush(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: Audit;
  }
}

/** Entries per INSERT at most: one statement stays small however long the queue. */
export const AUDIT_GROUP_LIMIT = 100;

const INSERT_ONE = `INSERT INTO audit_log (actor_type, actor_idx, action, patient_idx, detail)
  VALUES ($1, $2, $3, $4, $5::jsonb)`;
// One parameter for the whole group, in order (ordinality), the same SQL on PGlite and PostgreSQL.
const INSERT_GROUP = `INSERT INTO audit_log (actor_type, actor_idx, action, patient_idx, detail)
  SELECT e.value->>'actorType', (e.value->>'actorIdx')::integer, e.value->>'action',
         (e.value->>'patientIdx')::integer, e.value->'detail'
    FROM jsonb_array_elements($1::jsonb) WITH ORDINALITY AS e(value, n)
   ORDER BY e.n`;

interface Waiting {
  entry: AuditEntry;
  written: () => void;
  failed: (error: unknown) => void;
}

export function createAudit(defaultDb: SqlQueryable): Audit {
  const insertOne = async (entry: AuditEntry, db: SqlQueryable) => {
    await db.query(INSERT_ONE, [
      entry.actorType,
      entry.actorIdx,
      entry.action,
      entry.patientIdx,
      JSON.stringify(entry.detail ?? {}),
    ]);
  };

  let queue: Waiting[] = [];
  let writing: Promise<void> | null = null;

  /** Writes groups until the queue is empty; never rejects (each entry's caller gets its outcome). */
  async function writeQueued(): Promise<void> {
    try {
      while (queue.length > 0) {
        // One turn of the event loop first, so requests already received can queue their
        // entries too. Without it a PGlite request runs its read and its entry in one
        // unbroken chain (the database works synchronously) and every group is one entry.
        await new Promise((resolve) => setImmediate(resolve));
        const group = queue.slice(0, AUDIT_GROUP_LIMIT);
        queue = queue.slice(group.length);
        try {
          if (group.length === 1) await insertOne(group[0]!.entry, defaultDb);
          else
            await defaultDb.query(INSERT_GROUP, [
              JSON.stringify(group.map(({ entry }) => ({ ...entry, detail: entry.detail ?? {} }))),
            ]);
          for (const waiting of group) waiting.written();
        } catch (error) {
          if (group.length === 1) group[0]!.failed(error);
          // One entry the table refuses must not fail the reads of everyone else in its group.
          else
            for (const waiting of group)
              await insertOne(waiting.entry, defaultDb).then(waiting.written, waiting.failed);
        }
      }
    } finally {
      // Cleared right after the last look at the queue, with no await in between: an entry
      // queued later finds `writing` empty and starts the next round itself.
      writing = null;
    }
  }

  return {
    record(entry, db) {
      if (db) return insertOne(entry, db);
      return new Promise<void>((written, failed) => {
        queue.push({ entry, written, failed });
        writing ??= writeQueued();
      });
    },
    async flush() {
      while (writing) await writing;
    },
  };
}

/** Access to patients' records is logged (brief §3; PIPA: kept ≥ 2 years, append-only). */
export const auditPlugin = fp(
  async (app) => {
    const audit = createAudit(app.db);
    app.decorate('audit', audit);
    // A logged-in caller refused a record is audited like a read, with the patient it concerns
    // when known (issue 10 point 18). Callers without a valid token are not: no actor to name,
    // and anyone could fill the log with them.
    app.addHook('onError', async (request, _reply, error) => {
      const refused =
        error instanceof AccessRefused || (error instanceof DomainError && error.code === 'FORBIDDEN');
      if (!refused || !request.principal) return;
      await audit
        .record({
          actorType: request.principal.principal,
          actorIdx: request.principal.idx,
          action: 'access.refused',
          patientIdx: error instanceof AccessRefused ? error.patientIdx : null,
          detail: { channel: 'rest', method: request.method, path: request.routeOptions.url ?? null },
        })
        .catch((auditError: unknown) =>
          request.log.error({ err: auditError }, 'refusal could not be audited'),
        );
    });
    // Registered after the database, so this runs before the database closes.
    app.addHook('onClose', () => audit.flush());
  },
  { name: 'audit', dependencies: ['db'] },
);
