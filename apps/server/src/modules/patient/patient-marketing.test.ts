import { copyFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { ValidationFailure } from '@smartcare/contract/envelope';
import type { AlarmSettings } from '@smartcare/contract/patient';
import { ResultCode } from '@smartcare/contract/result-codes';
import type { Consent } from '@smartcare/contract/terms';
import { publishDefaultTerms } from '../../db/seed-demo.ts';
import { migrate, MIGRATIONS_DIR, readMigrations } from '../../plugins/db/migrate.ts';
import { openPglite, pgliteDatabase } from '../../plugins/db/pglite-database.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { api, createPatient, loginPatient } from '../../testing/factories.ts';

/** Issue 10 point 6: the advertising switch and the marketing consent are one fact. */
describe('advertising: the alarm switch is the marketing consent', () => {
  let t: TestApp;
  const call = () => api(t.baseUrl);
  beforeAll(async () => {
    t = await buildTestApp();
    await publishDefaultTerms(t.app.db);
  });
  afterAll(() => t.close());

  async function newPatient() {
    const patient = await createPatient(t.app.db);
    return { idx: patient.idx, token: (await loginPatient(t.baseUrl, patient)).accessToken };
  }
  const consentsOf = async (token: string) => {
    const list = (await call().get<Consent[]>(apiPaths.patient.getConsents, { token })).data!;
    return Object.fromEntries(list.map((c) => [c.termsCode, c]));
  };
  const alarmOf = async (token: string) =>
    (await call().get<{ alarmSettings: AlarmSettings }>(apiPaths.patient.getMyData, { token })).data!
      .alarmSettings;

  it('switching advertising on in the alarm settings agrees to MARKETING, with the time and an audit entry', async () => {
    const { idx, token } = await newPatient();
    const before = Date.now();
    const switched = await call().put<AlarmSettings>(apiPaths.patient.alarmUpdate, {
      token,
      body: { marketing: true, marketingNight: true },
    });
    expect(switched.data).toMatchObject({ marketing: true, marketingNight: true });
    const consents = await consentsOf(token);
    expect(consents.MARKETING).toMatchObject({ agreed: true });
    expect(consents.MARKETING_NIGHT).toMatchObject({ agreed: true });
    expect(Date.parse(consents.MARKETING!.agreedAt!)).toBeGreaterThanOrEqual(before - 1000);
    // The history of answers is the audit log: the switch names the answers it gave.
    const audit = await t.app.db.query<{ detail: { answers?: string[] } }>(
      `SELECT detail FROM audit_log WHERE patient_idx = $1 AND detail->>'part' = 'alarmSettings'`,
      [idx],
    );
    expect(audit.rows.map((r) => r.detail.answers)).toEqual([['MARKETING:true', 'MARKETING_NIGHT:true']]);

    // Off again: both consents are withdrawn, night advertising with advertising.
    await call().put(apiPaths.patient.alarmUpdate, { token, body: { marketing: false } });
    const after = await consentsOf(token);
    expect(after.MARKETING!.agreed).toBe(false);
    expect(after.MARKETING_NIGHT!.agreed).toBe(false);
  });

  it('answering the marketing consent in the consent list changes the alarm switch', async () => {
    const { token } = await newPatient();
    await call().put(apiPaths.patient.updateConsents, {
      token,
      body: { consents: [{ termsCode: 'MARKETING', agreed: true }] },
    });
    expect(await alarmOf(token)).toMatchObject({ marketing: true, marketingNight: false });
    await call().put(apiPaths.patient.updateConsents, {
      token,
      body: { consents: [{ termsCode: 'MARKETING_NIGHT', agreed: true }] },
    });
    expect(await alarmOf(token)).toMatchObject({ marketing: true, marketingNight: true });
    // Withdrawing advertising in the consent list withdraws night advertising too.
    await call().put(apiPaths.patient.updateConsents, {
      token,
      body: { consents: [{ termsCode: 'MARKETING', agreed: false }] },
    });
    expect(await alarmOf(token)).toMatchObject({ marketing: false, marketingNight: false });
    expect((await consentsOf(token)).MARKETING_NIGHT!.agreed).toBe(false);
  });

  it('night advertising without advertising is refused on both screens and changes nothing', async () => {
    const { token } = await newPatient();
    const viaAlarm = await call().put<ValidationFailure>(apiPaths.patient.alarmUpdate, {
      token,
      body: { marketingNight: true, chat: false },
    });
    expect(viaAlarm.status).toBe(400);
    expect(viaAlarm.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(viaAlarm.data!.fields.map((f) => f.field)).toEqual(['marketingNight']);
    const viaConsents = await call().put<ValidationFailure>(apiPaths.patient.updateConsents, {
      token,
      body: { consents: [{ termsCode: 'MARKETING_NIGHT', agreed: true }] },
    });
    expect(viaConsents.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(viaConsents.data!.fields.map((f) => f.field)).toEqual(['consents.0.agreed']);
    expect(await alarmOf(token)).toMatchObject({ chat: true, marketing: false, marketingNight: false });
    expect((await consentsOf(token)).MARKETING_NIGHT!.agreedAt).toBeNull();
  });
});

describe('migration 007 on a database in use', () => {
  it('turns the switches kept apart into consents when they are newer than the answer, then drops them', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'smartcare-migration-007-'));
    const pglite = await openPglite(undefined);
    const db = pgliteDatabase(pglite);
    try {
      const all = await readMigrations();
      for (const migration of all.filter((m) => m.version < 7))
        await copyFile(path.join(MIGRATIONS_DIR, migration.name), path.join(dir, migration.name));
      await migrate(db, dir);
      await publishDefaultTerms(db);
      const patient = (name: string) =>
        db.one<{ idx: number }>(
          `INSERT INTO patients (login_id, password_hash, name) VALUES ($1, 'x', $1) RETURNING idx`,
          [name],
        );
      const switchedOnly = await patient('switched-only');
      const answeredLater = await patient('answered-later');
      const switchedLater = await patient('switched-later');
      await db.query(
        `INSERT INTO alarm_settings (patient_idx, marketing, marketing_night, updated_at) VALUES
           ($1, true, true, now() - interval '2 days'),
           ($2, true, false, now() - interval '2 days'),
           ($3, false, false, now())`,
        [switchedOnly.idx, answeredLater.idx, switchedLater.idx],
      );
      await db.query(
        `INSERT INTO consents (patient_idx, terms_code, version, agreed, answered_at) VALUES
           ($1, 'MARKETING', 1, false, now() - interval '1 day'),
           ($2, 'MARKETING', 1, true, now() - interval '1 day')`,
        [answeredLater.idx, switchedLater.idx],
      );

      for (const migration of all.filter((m) => m.version >= 7))
        await copyFile(path.join(MIGRATIONS_DIR, migration.name), path.join(dir, migration.name));
      await migrate(db, dir);

      const { rows } = await db.query<{ name: string; terms_code: string; agreed: boolean }>(
        `SELECT p.name, c.terms_code, c.agreed FROM consents c JOIN patients p ON p.idx = c.patient_idx
          WHERE c.terms_code IN ('MARKETING', 'MARKETING_NIGHT') ORDER BY p.idx, c.terms_code`,
      );
      expect(rows).toEqual([
        { name: 'switched-only', terms_code: 'MARKETING', agreed: true },
        { name: 'switched-only', terms_code: 'MARKETING_NIGHT', agreed: true },
        // The later answer "no" stands against the older switch.
        { name: 'answered-later', terms_code: 'MARKETING', agreed: false },
        // The later switch "off" withdraws the older agreement.
        { name: 'switched-later', terms_code: 'MARKETING', agreed: false },
      ]);
      const columns = await db.query(
        `SELECT 1 FROM information_schema.columns WHERE table_name = 'alarm_settings' AND column_name LIKE 'marketing%'`,
      );
      expect(columns.rows).toHaveLength(0);
    } finally {
      await pglite.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
