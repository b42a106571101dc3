import type { StaffProfile } from '@smartcare/contract/staff';
import { notLoggedIn } from '../../lib/errors.ts';
import type { SqlQueryable } from '../../plugins/db/database.ts';
import { staffRepository as repo } from './staff.repository.ts';

export interface StaffServiceDeps {
  db: SqlQueryable;
}

export function createStaffService({ db }: StaffServiceDeps) {
  return {
    /** The account's login id, password hash, hospital and role, for identity (login, refresh). */
    credentialsByLoginId(loginId: string) {
      return repo.findCredentialsByLoginId(db, loginId);
    },

    credentialsByIdx(idx: number) {
      return repo.findCredentialsByIdx(db, idx);
    },

    async getMyData(idx: number): Promise<StaffProfile> {
      const profile = await repo.findProfile(db, idx);
      if (!profile) throw notLoggedIn();
      return profile;
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
