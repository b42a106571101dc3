import type { SqlQueryable } from '../db/database.ts';
import type { Principal } from '@smartcare/contract/auth';

export interface RefreshTokenRow {
  idx: number;
  family_id: string;
  principal: Principal;
  subject_idx: number;
  expires_at: Date;
  rotated_at: Date | null;
  revoked_at: Date | null;
}

/** SQL only: the rotation rules live in tokens.ts. */
export function createRefreshTokensRepository() {
  return {
    async insert(
      db: SqlQueryable,
      token: {
        tokenHash: string;
        familyId: string;
        parentIdx: number | null;
        principal: Principal;
        subjectIdx: number;
        ttlS: number;
      },
    ): Promise<void> {
      await db.query(
        `INSERT INTO refresh_tokens (token_hash, family_id, parent_idx, principal, subject_idx, expires_at)
         VALUES ($1, $2, $3, $4, $5, now() + make_interval(secs => $6))`,
        [token.tokenHash, token.familyId, token.parentIdx, token.principal, token.subjectIdx, token.ttlS],
      );
    },

    /** Locks the row so two refreshes with the same token cannot both rotate it. */
    findForUpdate(db: SqlQueryable, tokenHash: string): Promise<RefreshTokenRow | null> {
      return db.maybeOne<RefreshTokenRow>(
        `SELECT idx, family_id, principal, subject_idx, expires_at, rotated_at, revoked_at
           FROM refresh_tokens WHERE token_hash = $1 FOR UPDATE`,
        [tokenHash],
      );
    },

    async markRotated(db: SqlQueryable, idx: number): Promise<void> {
      await db.query('UPDATE refresh_tokens SET rotated_at = now() WHERE idx = $1', [idx]);
    },

    async revokeFamily(db: SqlQueryable, familyId: string): Promise<void> {
      await db.query(
        'UPDATE refresh_tokens SET revoked_at = now() WHERE family_id = $1 AND revoked_at IS NULL',
        [familyId],
      );
    },

    /** Returns the families (sessions) it ended, so their access tokens can be refused at once. */
    async revokeAllOf(db: SqlQueryable, principal: Principal, subjectIdx: number): Promise<string[]> {
      const { rows } = await db.query<{ family_id: string }>(
        `UPDATE refresh_tokens SET revoked_at = now()
          WHERE principal = $1 AND subject_idx = $2 AND revoked_at IS NULL RETURNING family_id`,
        [principal, subjectIdx],
      );
      return [...new Set(rows.map((row) => row.family_id))];
    },

    /** A login is on while any token of its family is unrevoked (rotation keeps the family). */
    async familyLive(db: SqlQueryable, familyId: string): Promise<boolean> {
      const row = await db.maybeOne<{ live: boolean }>(
        `SELECT EXISTS (SELECT 1 FROM refresh_tokens WHERE family_id = $1 AND revoked_at IS NULL) AS live`,
        [familyId],
      );
      return row?.live === true;
    },

    /** Of these families, the ones still live: one statement for many logins. */
    async liveFamilies(db: SqlQueryable, familyIds: readonly string[]): Promise<Set<string>> {
      const { rows } = await db.query<{ family_id: string }>(
        `SELECT DISTINCT family_id::text AS family_id FROM refresh_tokens
          WHERE family_id = ANY($1::uuid[]) AND revoked_at IS NULL`,
        [[...familyIds]],
      );
      return new Set(rows.map((row) => row.family_id));
    },

    /** Housekeeping: tokens long expired carry no information worth keeping. */
    async deleteExpiredBefore(db: SqlQueryable, days: number): Promise<number> {
      const { rowCount } = await db.query(
        'DELETE FROM refresh_tokens WHERE expires_at < now() - make_interval(days => $1)',
        [days],
      );
      return rowCount;
    },
  };
}
