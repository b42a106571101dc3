/**
 * `node --import tsx e2e/support/provision-staff.ts <DATA_DIR> <pool.json>`
 * (PROVISION_DATABASE_URL set: in that PostgreSQL database instead)
 *
 * Staff accounts cannot be made through the API (no one signs up as a nurse), and the
 * running server holds the embedded database's lock. So before the end-to-end server
 * starts, this opens its fresh DATA_DIR with the server's own database code, applies the
 * migrations and the demo seed (both idempotent: the server repeats them harmlessly) and
 * creates a pool of staff accounts in each demo hospital with the server's test
 * factories. Tests claim accounts from the pool one by one (staff-pool.ts), so no two
 * tests share a staff member.
 */
import { writeFileSync } from 'node:fs';
import type { StaffRole } from '@smartcare/contract/staff';
import { seedDemo } from '../../apps/server/src/db/seed-demo.ts';
import { hospitalRepository } from '../../apps/server/src/modules/hospital/hospital.repository.ts';
import { openDatabase } from '../../apps/server/src/plugins/db/db.plugin.ts';
import { migrate } from '../../apps/server/src/plugins/db/migrate.ts';
import { createStaff } from '../../apps/server/src/testing/factories.ts';
import { STAFF_POOL_PASSWORD, type PooledStaff } from './staff-pool.ts';

// Every claim (and every retry's) takes one for good: room for the specs of all features, twice.
const PER_HOSPITAL: Record<StaffRole, number> = { NURSE: 40, COUNSELLOR: 8, DOCTOR: 8, ADMIN: 12 };

const [dataDir, poolFile] = process.argv.slice(2);
if (!dataDir || !poolFile) {
  console.error('usage: provision-staff.ts <DATA_DIR> <pool.json>');
  process.exit(2);
}

// The broker benchmark's server on PostgreSQL gets its roster there (provisionStaffPool).
const { db, release } = await openDatabase({
  dataDir,
  databaseUrl: process.env.PROVISION_DATABASE_URL || undefined,
});
try {
  await migrate(db);
  await seedDemo(db);
  const hospitals = await hospitalRepository.list(db, undefined);
  const pool: PooledStaff[] = [];
  for (const [h, hospital] of hospitals.entries()) {
    for (const [role, count] of Object.entries(PER_HOSPITAL) as [StaffRole, number][]) {
      for (let n = 1; n <= count; n++) {
        const loginId = `e2e-${role.toLowerCase()}-h${h + 1}-${String(n).padStart(2, '0')}`;
        const created = await createStaff(db, {
          hospitalIdx: hospital.idx,
          role,
          loginId,
          name: `${role === 'NURSE' ? '간호사' : role === 'DOCTOR' ? '의사' : role === 'COUNSELLOR' ? '상담사' : '관리자'} ${h + 1}-${n}`,
          password: STAFF_POOL_PASSWORD,
        });
        pool.push({
          idx: created.idx,
          loginId,
          password: STAFF_POOL_PASSWORD,
          role,
          hospitalIdx: hospital.idx,
          hospitalName: hospital.name,
        });
      }
    }
  }
  writeFileSync(poolFile, JSON.stringify(pool, null, 2));
  console.log(`[e2e] ${pool.length} staff accounts in ${hospitals.length} hospitals ready to be claimed`);
} finally {
  await db.close();
  await release();
}
