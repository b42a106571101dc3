import type { StaffProfile, StaffRole } from '@smartcare/contract/staff';
import type { SqlQueryable } from '../../plugins/db/database.ts';

export interface StaffCredentials {
  idx: number;
  loginId: string;
  passwordHash: string;
  role: StaffRole;
  hospitalIdx: number;
}

export interface NewStaff {
  loginId: string;
  passwordHash: string;
  name: string;
  role: StaffRole;
  hospitalIdx: number;
}

const CREDENTIALS = `SELECT idx, login_id AS "loginId", password_hash AS "passwordHash", role,
                           hospital_idx AS "hospitalIdx"
                      FROM staff_users`;

export const staffRepository = {
  findCredentialsByLoginId(db: SqlQueryable, loginId: string): Promise<StaffCredentials | null> {
    return db.maybeOne<StaffCredentials>(`${CREDENTIALS} WHERE login_id = $1 AND active`, [loginId]);
  },

  findCredentialsByIdx(db: SqlQueryable, idx: number): Promise<StaffCredentials | null> {
    return db.maybeOne<StaffCredentials>(`${CREDENTIALS} WHERE idx = $1 AND active`, [idx]);
  },

  findProfile(db: SqlQueryable, idx: number): Promise<StaffProfile | null> {
    return db.maybeOne<StaffProfile>(
      `SELECT s.idx, s.login_id AS "loginId", s.name, s.role, s.hospital_idx AS "hospitalIdx", h.name AS "hospitalName"
         FROM staff_users s JOIN hospitals h ON h.idx = s.hospital_idx
        WHERE s.idx = $1 AND s.active`,
      [idx],
    );
  },

  insert(db: SqlQueryable, staff: NewStaff): Promise<{ idx: number; loginId: string }> {
    return db.one(
      `INSERT INTO staff_users (login_id, password_hash, name, role, hospital_idx) VALUES ($1, $2, $3, $4, $5)
       RETURNING idx, login_id AS "loginId"`,
      [staff.loginId, staff.passwordHash, staff.name, staff.role, staff.hospitalIdx],
    );
  },
};

export type StaffRepository = typeof staffRepository;
