import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webpush from 'web-push';
import { afterAll, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import { buildTestApp, prepareDataDir, type TestApp } from '../../testing/build-test-app.ts';
import {
  api,
  createHospital,
  createPatient,
  createStaff,
  loginPatient,
  loginStaff,
} from '../../testing/factories.ts';
import { NOTIFICATION_PUSH_JOB } from './notification.jobs.ts';
import { startFcmStandIn, testServiceAccount, type FcmStandIn } from './push-stand-ins.ts';

/**
 * A push FCM answered 503 to is retried by the delivery job after the server restarts (the
 * app rebuilt on the same storage), and sent once: the retry lives in push_deliveries, not
 * in memory. On PGlite in a data directory (a PostgreSQL run keeps its own test database).
 */
const dataDir = mkdtempSync(join(tmpdir(), 'smartcare-push-restart-'));
let fcm: FcmStandIn | undefined;
let t: TestApp | undefined;

afterAll(async () => {
  await t?.close();
  await fcm?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

it('retries a 503 after a restart and sends it once', async () => {
  fcm = await startFcmStandIn();
  await prepareDataDir(dataDir);
  const config = {
    dataDir,
    fcmServiceAccount: testServiceAccount(),
    fcmEndpoint: fcm.endpoint,
    fcmTokenUrl: fcm.tokenUrl,
    vapidKeys: webpush.generateVAPIDKeys(),
  };
  t = await buildTestApp({ config });
  const hospitalIdx = (await createHospital(t.app.db)).idx;
  const staff = await createStaff(t.app.db, { hospitalIdx });
  const patient = await createPatient(t.app.db, { choseHospitalIdx: hospitalIdx });
  const patientToken = (await loginPatient(t.baseUrl, patient)).accessToken;
  await api(t.baseUrl).put(apiPaths.patient.updateFcmToken, {
    token: patientToken,
    body: { fcmToken: 'restart-token', platform: 'ios' },
  });

  fcm.answerNext(503);
  const sent = await api(t.baseUrl).post<{ notificationIdx: number }>(apiPaths.notification.sendTest, {
    token: (await loginStaff(t.baseUrl, staff)).accessToken,
    body: { patientIdx: patient.idx },
  });
  const notificationIdx = sent.data!.notificationIdx;
  await t.app.jobs.runNow(NOTIFICATION_PUSH_JOB);
  await t.app.jobs.runNow(NOTIFICATION_PUSH_JOB);
  expect(fcm.sends).toHaveLength(1);
  const waiting = await t.app.db.one<{ status: string; attempts: number; last_error: string }>(
    'SELECT status, attempts, last_error FROM push_deliveries WHERE notification_idx = $1',
    [notificationIdx],
  );
  expect(waiting).toMatchObject({ status: 'pending', attempts: 1 });
  expect(waiting.last_error).toMatch(/^FCM 503/);
  await t.close();
  t = undefined;

  t = await buildTestApp({ config });
  // The backoff has passed.
  // A second ago: the pass compares with the server's clock in whole milliseconds, and now() here
  // may be a fraction of one ahead of it.
  await t.app.db.query(
    `UPDATE push_deliveries SET due_at = now() - interval '1 second' WHERE notification_idx = $1`,
    [notificationIdx],
  );
  expect(await t.app.jobs.runNow(NOTIFICATION_PUSH_JOB)).toBe(1);
  expect(await t.app.jobs.runNow(NOTIFICATION_PUSH_JOB)).toBe(0);
  expect(fcm.sends.map((s) => [s.token, s.message.data.notificationIdx])).toEqual([
    ['restart-token', String(notificationIdx)],
    ['restart-token', String(notificationIdx)],
  ]);
  const done = await t.app.db.one<{ status: string; attempts: number }>(
    'SELECT status, attempts FROM push_deliveries WHERE notification_idx = $1',
    [notificationIdx],
  );
  expect(done).toEqual({ status: 'sent', attempts: 2 });
});
