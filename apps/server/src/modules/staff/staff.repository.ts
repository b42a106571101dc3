import type { StaffProfile, StaffRole } from '@smartcare/contract/staff';
import type { SqlQueryable } from '../../plugins/db/database.ts';

export interface StaffCredentials {
  idx: number;
  loginId: string;
  passwordHash: string;
  role: StaffRole;
  hospitalIdx: number;
  lockedUntil: Date | null;
}

export interface NewStaff {
  loginId: string;
  passwordHash: string;
  name: string;
  role: StaffRole;
  hospitalIdx: number;
}

const CREDENTIALS = `SELECT idx, login_id AS "loginId", password_hash AS "passwordHash", role,
                           hospital_idx AS "hospitalIdx", locked_until AS "lockedUntil"
                      FROM staff_users`;

export function createStaffRepository(db: SqlQueryable) {
  return {
    findCredentialsByLoginId(loginId: string): Promise<StaffCredentials | null> {
      return db.maybeOne<StaffCredentials>(`${CREDENTIALS} WHERE login_id = $1 AND active`, [loginId]);
    },

    findCredentialsByIdx(idx: number): Promise<StaffCredentials | null> {
      return db.maybeOne<StaffCredentials>(`${CREDENTIALS} WHERE idx = $1 AND active`, [idx]);
    },

    findProfile(idx: number): Promise<StaffProfile | null> {
      return db.maybeOne<StaffProfile>(
        `SELECT s.idx, s.login_id AS "loginId", s.name, s.role, s.hospital_idx AS "hospitalIdx", h.name AS "hospitalName"
           FROM staff_users s JOIN hospitals h ON h.idx = s.hospital_idx
          WHERE s.idx = $1 AND s.active`,
        [idx],
      );
    },

    insert(staff: NewStaff): Promise<{ idx: number; loginId: string }> {
      return db.one(
        `INSERT INTO staff_users (login_id, password_hash, name, role, hospital_idx) VALUES ($1, $2, $3, $4, $5)
         RETURNING idx, login_id AS "loginId"`,
        [staff.loginId, staff.passwordHash, staff.name, staff.role, staff.hospitalIdx],
      );
    },

    async recordFailedLogin(idx: number, threshold: number, lockSeconds: number): Promise<Date | null> {
      const row = await db.one<{ lockedUntil: Date | null }>(
        `UPDATE staff_users
            SET failed_login_count = CASE WHEN failed_login_count + 1 >= $2 THEN 0 ELSE failed_login_count + 1 END,
                locked_until = CASE WHEN failed_login_count + 1 >= $2 THEN now() + make_interval(secs => $3) ELSE locked_until END
          WHERE idx = $1
          RETURNING locked_until AS "lockedUntil"`,
        [idx, threshold, lockSeconds],
      );
      return row.lockedUntil && row.lockedUntil.getTime() > Date.now() ? row.lockedUntil : null;
    },

    async clearFailedLogins(idx: number): Promise<void> {
      await db.query(
        'UPDATE staff_users SET failed_login_count = 0, locked_until = NULL WHERE idx = $1 AND (failed_login_count <> 0 OR locked_until IS NOT NULL)',
        [idx],
      );
    },
  };
}

export type StaffRepository = ReturnType<typeof createStaffRepository>;
