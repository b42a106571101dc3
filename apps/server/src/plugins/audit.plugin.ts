import fp from 'fastify-plugin';
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
  /** Pass `db` to write inside the caller's transaction, so the change and its log commit together. */
  record(entry: AuditEntry, db?: SqlQueryable): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    audit: Audit;
  }
}

export function createAudit(defaultDb: SqlQueryable): Audit {
  return {
    async record(entry, db = defaultDb) {
      await db.query(
        `INSERT INTO audit_log (actor_type, actor_idx, action, patient_idx, detail) VALUES ($1, $2, $3, $4, $5::jsonb)`,
        [entry.actorType, entry.actorIdx, entry.action, entry.patientIdx, JSON.stringify(entry.detail ?? {})],
      );
    },
  };
}

/** Access to patients' records is logged (brief §3; PIPA: kept ≥ 2 years, append-only). */
export const auditPlugin = fp(
  async (app) => {
    app.decorate('audit', createAudit(app.db));
  },
  { name: 'audit', dependencies: ['db'] },
);
