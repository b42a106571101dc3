import { spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import type { StaffRole } from '@smartcare/contract/staff';
import { repoRoot } from './server.ts';

export const STAFF_POOL_PASSWORD = 'Staff1234!';
/** Where global-setup.ts tells the workers the pool file is. */
export const STAFF_POOL_ENV = 'SMARTCARE_E2E_STAFF_POOL';

export interface PooledStaff {
  idx: number;
  loginId: string;
  password: string;
  role: StaffRole;
  hospitalIdx: number;
  hospitalName: string;
}

export interface StaffWanted {
  role?: StaffRole;
  /** Default: the first demo hospital, where the demo patients are. */
  hospitalIdx?: number;
}

/**
 * Hands a test a staff account no other test has had in this run. The claim is an
 * atomic mkdir next to the pool file, so it holds across Playwright's worker processes.
 */
export function claimStaff(wanted: StaffWanted = {}): PooledStaff {
  const poolFile = process.env[STAFF_POOL_ENV];
  if (!poolFile)
    throw new Error(`${STAFF_POOL_ENV} is not set: the staff pool is made by e2e/support/global-setup.ts`);
  const pool = JSON.parse(readFileSync(poolFile, 'utf8')) as PooledStaff[];
  const hospitalIdx = wanted.hospitalIdx ?? Math.min(...pool.map((s) => s.hospitalIdx));
  const role = wanted.role ?? 'NURSE';
  const claims = join(dirname(poolFile), 'staff-claims');
  mkdirSync(claims, { recursive: true });
  for (const candidate of pool) {
    if (candidate.role !== role || candidate.hospitalIdx !== hospitalIdx) continue;
    try {
      mkdirSync(join(claims, candidate.loginId));
      return candidate;
    } catch {
      // Claimed by another test already; try the next.
    }
  }
  throw new Error(
    `the e2e staff pool has no unclaimed ${role} left in hospital ${hospitalIdx}; enlarge PER_HOSPITAL in provision-staff.ts`,
  );
}

/**
 * Makes the pool (provision-staff.ts) in a fresh DATA_DIR, or in `databaseUrl`'s database,
 * before the server starts. A child process: the embedded database's WASM and lock stay out
 * of the caller.
 */
export function provisionStaffPool(dataDir: string, poolFile: string, databaseUrl?: string): void {
  const run = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'e2e/support/provision-staff.ts', dataDir, poolFile],
    {
      cwd: repoRoot,
      stdio: 'inherit',
      env: { ...process.env, PROVISION_DATABASE_URL: databaseUrl ?? '' },
    },
  );
  if (run.status !== 0) throw new Error(`provisioning the staff pool failed (exit ${run.status})`);
}
