import type { KakaoArea } from '@smartcare/contract/kakao';
import type { SqlQueryable } from '../../plugins/db/database.ts';

export interface PendingKakaoAccount {
  kakaoId: string;
  area: KakaoArea;
  nickname: string | null;
  email: string | null;
}

/** SQL of Kakao login (migration 061); the same on PGlite and PostgreSQL. Hashes only, never a raw state or ticket. */
export function createKakaoLoginRepository(db: SqlQueryable) {
  return {
    async insertState(
      stateHash: string,
      browserHash: string,
      area: KakaoArea,
      redirectUri: string,
      ttlS: number,
    ): Promise<void> {
      await db.query(
        `INSERT INTO kakao_login_states (state_hash, browser_hash, area, redirect_uri, expires_at)
         VALUES ($1, $2, $3, $4, now() + make_interval(secs => $5))`,
        [stateHash, browserHash, area, redirectUri, ttlS],
      );
    },

    /** Single use: the state is gone whether or not it still counted. */
    takeState(
      stateHash: string,
    ): Promise<{ browserHash: string; area: KakaoArea; redirectUri: string; live: boolean } | null> {
      return db.maybeOne(
        `DELETE FROM kakao_login_states WHERE state_hash = $1
         RETURNING browser_hash AS "browserHash", area, redirect_uri AS "redirectUri", expires_at > now() AS live`,
        [stateHash],
      );
    },

    async insertPending(
      ticketHash: string,
      browserHash: string,
      account: PendingKakaoAccount,
      ttlS: number,
    ): Promise<void> {
      await db.query(
        `INSERT INTO kakao_pending_accounts (ticket_hash, browser_hash, kakao_id, area, nickname, email, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, now() + make_interval(secs => $7))`,
        [ticketHash, browserHash, account.kakaoId, account.area, account.nickname, account.email, ttlS],
      );
    },

    findPending(ticketHash: string): Promise<(PendingKakaoAccount & { browserHash: string }) | null> {
      return db.maybeOne(
        `SELECT browser_hash AS "browserHash", kakao_id AS "kakaoId", area, nickname, email
           FROM kakao_pending_accounts WHERE ticket_hash = $1 AND expires_at > now()`,
        [ticketHash],
      );
    },

    /** Single use, inside the transaction that links or creates the account. */
    async deletePending(ticketHash: string): Promise<boolean> {
      const { rows } = await db.query(
        'DELETE FROM kakao_pending_accounts WHERE ticket_hash = $1 RETURNING 1',
        [ticketHash],
      );
      return rows.length > 0;
    },

    patientOfKakao(kakaoId: string): Promise<{ patientIdx: number } | null> {
      return db.maybeOne(
        `SELECT l.patient_idx AS "patientIdx" FROM kakao_links l
           JOIN patients p ON p.idx = l.patient_idx AND p.deleted_at IS NULL
          WHERE l.kakao_id = $1`,
        [kakaoId],
      );
    },

    linkOf(patientIdx: number): Promise<{ kakaoId: string; linkedAt: Date } | null> {
      return db.maybeOne(
        `SELECT kakao_id AS "kakaoId", linked_at AS "linkedAt" FROM kakao_links WHERE patient_idx = $1`,
        [patientIdx],
      );
    },

    /** False when either side is already linked (the unique keys decide, races included). */
    async insertLink(patientIdx: number, kakaoId: string): Promise<boolean> {
      const { rows } = await db.query(
        `INSERT INTO kakao_links (patient_idx, kakao_id) VALUES ($1, $2) ON CONFLICT DO NOTHING RETURNING 1`,
        [patientIdx, kakaoId],
      );
      return rows.length > 0;
    },

    deleteLinkOf(patientIdx: number): Promise<{ kakaoId: string } | null> {
      return db.maybeOne(`DELETE FROM kakao_links WHERE patient_idx = $1 RETURNING kakao_id AS "kakaoId"`, [
        patientIdx,
      ]);
    },

    deleteLinkOfKakao(kakaoId: string): Promise<{ patientIdx: number } | null> {
      return db.maybeOne(
        `DELETE FROM kakao_links WHERE kakao_id = $1 RETURNING patient_idx AS "patientIdx"`,
        [kakaoId],
      );
    },

    async pruneExpired(): Promise<number> {
      const states = await db.query('DELETE FROM kakao_login_states WHERE expires_at <= now() RETURNING 1');
      const pending = await db.query(
        'DELETE FROM kakao_pending_accounts WHERE expires_at <= now() RETURNING 1',
      );
      return states.rows.length + pending.rows.length;
    },
  };
}

export type KakaoLoginRepository = ReturnType<typeof createKakaoLoginRepository>;
