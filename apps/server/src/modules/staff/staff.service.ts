import type { StaffProfile } from '@smartcare/contract/staff';
import { notLoggedIn } from '../../lib/errors.ts';
import type { SqlQueryable } from '../../plugins/db/database.ts';
import { createStaffRepository } from './staff.repository.ts';

export interface StaffServiceDeps {
  db: SqlQueryable;
}

export function createStaffService({ db }: StaffServiceDeps) {
  const staff = createStaffRepository(db);

  return {
    /** The account's login id, password hash, hospital and role, for identity (login, refresh). */
    credentialsByLoginId(loginId: string) {
      return staff.findCredentialsByLoginId(loginId);
    },

    credentialsByIdx(idx: number) {
      return staff.findCredentialsByIdx(idx);
    },

    async getMyData(idx: number): Promise<StaffProfile> {
      const profile = await staff.findProfile(idx);
      if (!profile) throw notLoggedIn();
      return profile;
    },
  };
}

export type StaffService = ReturnType<typeof createStaffService>;
