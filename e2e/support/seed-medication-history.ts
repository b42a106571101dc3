/**
 * `node --import tsx e2e/support/seed-medication-history.ts <DATA_DIR> <out.json>`
 *
 * Doses in the past cannot be made through the API (a new medicine starts now). Like
 * provision-staff.ts, this opens a fresh DATA_DIR before its server starts, applies the
 * migrations and the demo seed, and stores a home-care patient of the first demo hospital with
 * the demo's medicines and dose history (seedDemoMedication), prescribed by a nurse of that
 * hospital it also creates. What it made is written to `out.json` for the spec.
 */
import { writeFileSync } from 'node:fs';
import { seedDemoMedication } from '../../apps/server/src/db/demo-medication.ts';
import { seedDemo } from '../../apps/server/src/db/seed-demo.ts';
import { hospitalRepository } from '../../apps/server/src/modules/hospital/hospital.repository.ts';
import { openDatabase } from '../../apps/server/src/plugins/db/db.plugin.ts';
import { migrate } from '../../apps/server/src/plugins/db/migrate.ts';
import { createPatient, createStaff } from '../../apps/server/src/testing/factories.ts';

export interface SeededMedicationHistory {
  patient: { idx: number; loginId: string; password: string };
  nurse: { idx: number; loginId: string; password: string };
  medicationIdx: number;
}

const [dataDir, outFile] = process.argv.slice(2);
if (!dataDir || !outFile) {
  console.error('usage: seed-medication-history.ts <DATA_DIR> <out.json>');
  process.exit(2);
}

const { db, release } = await openDatabase({ dataDir, databaseUrl: undefined });
try {
  await migrate(db);
  await seedDemo(db);
  const hospital = (await hospitalRepository.list(db, undefined))[0]!;
  const patient = await createPatient(db, {
    name: '박복약',
    areas: ['HOMECARE'],
    choseHospitalIdx: hospital.idx,
    birthDate: '1948-05-20',
    sex: 'M',
  });
  const nurse = await createStaff(db, { hospitalIdx: hospital.idx, name: '한간호', role: 'NURSE' });
  const { medicationIdxs } = await seedDemoMedication(db, {
    patientIdx: patient.idx,
    prescriber: { idx: nurse.idx, name: '한간호' },
  });
  const seeded: SeededMedicationHistory = {
    patient: { idx: patient.idx, loginId: patient.loginId, password: patient.password },
    nurse: { idx: nurse.idx, loginId: nurse.loginId, password: nurse.password },
    medicationIdx: medicationIdxs[0]!,
  };
  writeFileSync(outFile, JSON.stringify(seeded, null, 2));
  console.log(`[e2e] medication history of patient ${patient.idx} seeded`);
} finally {
  await db.close();
  await release();
}
