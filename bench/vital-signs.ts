/**
 * Vital signs at five years of readings (issue 13): one patient with four readings a day of
 * every kind for five years (58,400 rows) on PGlite in a DATA_DIR, as the server runs by
 * default. Server time of
 *   - the dashboard (`GET /vitalSign/getDashboard`),
 *   - a year of blood pressure (`GET /vitalSign/getSummary`, averaged per day on the server),
 *   - a FHIR search of one month (`GET …/fhir/R4/Observation?…&date=ge…&date=lt…`),
 * measured with Fastify's `inject` (no network), p50 and p95 of 200 calls each after a
 * warm-up; goal p95 ≤ 50 ms. Reference in the same run: `GET /patient/getPatient`, a
 * primary-key read through the same auth, audit and serialisation.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { API_PREFIX, apiPaths } from '@smartcare/contract/api-paths';
import { buildTestApp } from '../apps/server/src/testing/build-test-app.ts';
import { createHospital, createPatient, loginPatient } from '../apps/server/src/testing/factories.ts';
import { percentile, ratio, row, writeResult } from './lib/results.ts';

const ITERATIONS = Number(process.env.BENCH_VITALS_ITERATIONS ?? 200);
const WARMUP = 20;
const GOAL_P95_MS = 50;
const YEARS = 5;

/** Four readings a day for every kind, values around a plausible centre. */
const SEED = `
INSERT INTO vital_sign (patient_idx, kind, loinc, value, value2, ucum, context, effective_at, effective_end,
                        source, entered_by_type, entered_by_idx)
SELECT $1, k.kind, k.loinc, round((k.centre + (random() - 0.5) * k.spread)::numeric, 1),
       CASE WHEN k.kind = 'BLOOD_PRESSURE' THEN round((80 + (random() - 0.5) * 16)::numeric) END,
       k.ucum, k.context, ts, CASE WHEN k.period THEN ts + interval '30 minutes' END,
       'MANUAL', 'patient', $1
  FROM (VALUES
    ('TEMPERATURE', '8310-5', 'Cel', 'ORAL', 36.6, 1.5, false),
    ('BLOOD_PRESSURE', '85354-9', 'mm[Hg]', NULL, 128, 30, false),
    ('HEART_RATE', '8867-4', '/min', NULL, 72, 30, false),
    ('SPO2', '59408-5', '%', NULL, 97, 4, false),
    ('BLOOD_GLUCOSE', '41653-7', 'mg/dL', 'RANDOM', 120, 60, false),
    ('SLEEP', '93832-4', 'min', 'GOOD', 420, 120, true),
    ('STEPS', '41950-7', '/d', NULL, 6000, 4000, true),
    ('EXERCISE', '55411-3', 'min', 'WALKING', 40, 30, true)
  ) AS k(kind, loinc, ucum, context, centre, spread, period)
  CROSS JOIN generate_series($2::timestamptz, $3::timestamptz, interval '6 hours') AS ts`;

async function timeIt(call: () => Promise<{ statusCode: number; body: string }>) {
  for (let i = 0; i < WARMUP; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < ITERATIONS; i++) {
    const started = process.hrtime.bigint();
    const response = await call();
    times.push(Number(process.hrtime.bigint() - started) / 1e6);
    if (response.statusCode !== 200)
      throw new Error(`status ${response.statusCode}: ${response.body.slice(0, 300)}`);
  }
  return {
    p50: Math.round(percentile(times, 50) * 100) / 100,
    p95: Math.round(percentile(times, 95) * 100) / 100,
  };
}

const dataDir = mkdtempSync(join(tmpdir(), 'smartcare-bench-vitals-'));
const t = await buildTestApp({ config: { dataDir } });
try {
  const hospitalIdx = (await createHospital(t.app.db, { name: '벤치병원' })).idx;
  const patient = await createPatient(t.app.db, { name: '오년기록', choseHospitalIdx: hospitalIdx });
  const { accessToken } = await loginPatient(t.baseUrl, patient);
  const end = new Date();
  const start = new Date(end.getTime() - YEARS * 365.25 * 86_400_000);
  const seedStarted = Date.now();
  await t.app.db.query(SEED, [patient.idx, start, end]);
  await t.app.db.query('ANALYZE vital_sign');
  const rows = (
    await t.app.db.query<{ n: number }>('SELECT count(*)::int AS n FROM vital_sign WHERE patient_idx = $1', [
      patient.idx,
    ])
  ).rows[0]!.n;
  process.stdout.write(`seeded ${rows} readings in ${Date.now() - seedStarted} ms\n`);

  const headers = { authorization: `Bearer ${accessToken}` };
  const get = (url: string) => t.app.inject({ method: 'GET', url, headers });
  const yearAgo = new Date(end.getTime() - 365 * 86_400_000);
  const monthAgo = new Date(end.getTime() - 30 * 86_400_000);
  const summaryUrl = `${API_PREFIX}${apiPaths.vitalSign.getSummary}?${new URLSearchParams({
    kind: 'BLOOD_PRESSURE',
    from: yearAgo.toISOString(),
    to: end.toISOString(),
  })}`;
  const fhirUrl = `${API_PREFIX}/fhir/R4/Observation?${new URLSearchParams([
    ['patient', String(patient.idx)],
    ['category', 'vital-signs'],
    ['date', `ge${monthAgo.toISOString()}`],
    ['date', `lt${end.toISOString()}`],
    ['_count', '100'],
  ])}`;

  const yearPoints = JSON.parse((await get(summaryUrl)).body).data.series.length as number;
  const fhirTotal = JSON.parse((await get(fhirUrl)).body).total as number;

  const reference = await timeIt(() => get(`${API_PREFIX}${apiPaths.patient.getPatient}`));
  const dashboard = await timeIt(() => get(`${API_PREFIX}${apiPaths.vitalSign.getDashboard}`));
  const year = await timeIt(() => get(summaryUrl));
  const fhir = await timeIt(() => get(fhirUrl));
  await t.app.audit.flush();

  const results = { dashboard, bloodPressureYear: year, fhirMonth: fhir };
  process.stdout.write(
    `\n${row('server time (inject), ms', 'p50', 'p95', 'p95 ÷ ref', `goal p95 ≤ ${GOAL_P95_MS}`)}\n`,
  );
  process.stdout.write(`${row('reference: GET /patient/getPatient', reference.p50, reference.p95, 1, '')}\n`);
  for (const [name, figures] of Object.entries(results))
    process.stdout.write(
      `${row(name, figures.p50, figures.p95, ratio(figures.p95, reference.p95), figures.p95 <= GOAL_P95_MS ? 'met' : 'MISSED')}\n`,
    );
  process.stdout.write(
    `(a year of blood pressure: ${yearPoints} points; one month of vital signs in FHIR: ${fhirTotal} Observations, first 100 returned)\n`,
  );
  const file = writeResult('vital-signs', {
    // Other work on the machine shows in p95: the 1-minute load average at the end of the run.
    machine: { cpus: cpus().length, model: cpus()[0]?.model ?? 'unknown', loadAverage1m: loadavg()[0] },
    readings: rows,
    iterations: ITERATIONS,
    goalP95Ms: GOAL_P95_MS,
    referenceGetPatient: reference,
    ...results,
    ratioP95: Object.fromEntries(
      Object.entries(results).map(([name, f]) => [name, ratio(f.p95, reference.p95)]),
    ),
    yearPoints,
    fhirMonthTotal: fhirTotal,
  });
  process.stdout.write(
    `machine: ${cpus().length} cores, load average (1 min) ${loadavg()[0]!.toFixed(1)}\nresults: ${file}\n`,
  );
  const missed = Object.values(results).some((figures) => figures.p95 > GOAL_P95_MS);
  process.exitCode = missed ? 1 : 0;
} finally {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
}
