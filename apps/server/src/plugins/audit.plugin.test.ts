import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { PatientProfile } from '@smartcare/contract/patient';
import { buildTestApp, prepareDataDir, type TestApp } from '../testing/build-test-app.ts';
import { api, createPatient, loginPatient } from '../testing/factories.ts';
import { AUDIT_GROUP_LIMIT, type AuditEntry } from './audit.plugin.ts';
import { openPglite, pgliteDatabase } from './db/pglite-database.ts';

const read = (patientIdx: number, part: string): AuditEntry => ({
  actorType: 'patient',
  actorIdx: patientIdx,
  action: 'audit.test.read',
  patientIdx,
  detail: { part },
});

describe('audit log group writes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const entriesOf = (patientIdx: number) =>
    t.app.db.query<{ actor_idx: number; action: string; detail: { part: string }; at: Date }>(
      'SELECT actor_idx, action, detail, at FROM audit_log WHERE patient_idx = $1 ORDER BY idx',
      [patientIdx],
    );

  it('every read answered has its entry written before the answer', async () => {
    const patient = await createPatient(t.app.db);
    const { accessToken } = await loginPatient(t.baseUrl, patient);
    const answers = await Promise.all(
      Array.from({ length: 25 }, () =>
        api(t.baseUrl).get<PatientProfile>(apiPaths.patient.getPatient, { token: accessToken }),
      ),
    );
    expect(answers.every((answer) => answer.data?.idx === patient.idx)).toBe(true);
    // Read straight after the answers, without waiting for anything else.
    const reads = (await entriesOf(patient.idx)).rows.filter((row) => row.action === 'patient.read');
    expect(reads).toHaveLength(25);
    expect(reads.every((row) => row.detail.part === 'profile' && row.actor_idx === patient.idx)).toBe(true);
  });

  it('entries recorded together are written together, each caller told when its own is in', async () => {
    const patient = await createPatient(t.app.db);
    const count = AUDIT_GROUP_LIMIT + 30;
    await Promise.all(
      Array.from({ length: count }, (_, i) => t.app.audit.record(read(patient.idx, `p${i}`))),
    );
    const rows = (await entriesOf(patient.idx)).rows;
    expect(rows.map((row) => row.detail.part)).toEqual(Array.from({ length: count }, (_, i) => `p${i}`));
    // One transaction per INSERT, so one `at` per group: all were queued before the first
    // write began, so two INSERTs (the limit, then the rest), which may share a millisecond.
    const groups = new Set(rows.map((row) => row.at.getTime()));
    expect(groups.size).toBeLessThanOrEqual(2);
  });

  it('an entry the table refuses fails its own caller only', async () => {
    const patient = await createPatient(t.app.db);
    const outcomes = await Promise.allSettled([
      t.app.audit.record(read(patient.idx, 'first')),
      t.app.audit.record(read(patient.idx, 'second')),
      // Not an actor type the table accepts (CHECK constraint).
      t.app.audit.record({ ...read(patient.idx, 'bad'), actorType: 'robot' as AuditEntry['actorType'] }),
      t.app.audit.record(read(patient.idx, 'fourth')),
    ]);
    expect(outcomes.map((outcome) => outcome.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect((await entriesOf(patient.idx)).rows.map((row) => row.detail.part)).toEqual([
      'first',
      'second',
      'fourth',
    ]);
  });

  it('an entry given a transaction commits or rolls back with the change', async () => {
    const patient = await createPatient(t.app.db);
    await expect(
      t.app.db.transaction(async (tx) => {
        await t.app.audit.record(read(patient.idx, 'rolled back'), tx);
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await t.app.db.transaction((tx) => t.app.audit.record(read(patient.idx, 'committed'), tx));
    expect((await entriesOf(patient.idx)).rows.map((row) => row.detail.part)).toEqual(['committed']);
  });
});

describe('audit log on shutdown', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'smartcare-audit-'));
    await prepareDataDir(dataDir);
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('entries still queued when the server closes are written before the database closes', async () => {
    const t = await buildTestApp({ config: { dataDir } });
    const patient = await createPatient(t.app.db);
    // A transaction holds the database until well after close() has begun, so the entries
    // (several groups) are all still waiting when the shutdown reaches the database.
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const holding = t.app.db.transaction(() => gate);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const count = 3 * AUDIT_GROUP_LIMIT + 10;
    const recorded = Array.from({ length: count }, (_, i) => t.app.audit.record(read(patient.idx, `p${i}`)));
    const closed = t.close();
    setTimeout(release, 1_000);
    await Promise.all([closed, holding]);
    expect((await Promise.allSettled(recorded)).filter((outcome) => outcome.status === 'rejected')).toEqual(
      [],
    );

    const pglite = await openPglite(path.join(dataDir, 'pglite'));
    try {
      const after = await pgliteDatabase(pglite).one<{ n: number }>(
        `SELECT count(*) AS n FROM audit_log WHERE patient_idx = $1 AND action = 'audit.test.read'`,
        [patient.idx],
      );
      expect(after.n).toBe(count);
    } finally {
      await pglite.close();
    }
  });
});
