import webpush from 'web-push';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { Notification } from '@smartcare/contract/notification';
import type { Page } from '@smartcare/contract/paging';
import { topics } from '@smartcare/contract/topics';
import { connectTestClient, type TestMqttClient } from '../../plugins/broker/broker-test-client.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import {
  api,
  createHospital,
  createPatient,
  createStaff,
  loginPatient,
  loginStaff,
} from '../../testing/factories.ts';
import { NOTIFICATION_PRUNE_JOB, NOTIFICATION_PUSH_JOB } from './notification.jobs.ts';
import {
  startFcmStandIn,
  startWebPushStandIn,
  testServiceAccount,
  type FcmStandIn,
  type WebPushStandIn,
} from './push-stand-ins.ts';

/**
 * One notification fans out to the history, the open app (MQTT) and each device's push
 * (FCM stand-in, and a real Web Push service stand-in that checks VAPID and decrypts), each
 * exactly once; the alarm settings, quiet hours and the app's presence decide the push.
 */
let t: TestApp;
let fcm: FcmStandIn;
let push: WebPushStandIn;
let hospitalIdx: number;
let nurse: { idx: number; loginId: string; accessToken: string };
let clients: TestMqttClient[] = [];
const vapidKeys = webpush.generateVAPIDKeys();

interface Device {
  idx: number;
  loginId: string;
  accessToken: string;
  fcmToken: string;
  clientHash: string;
  live: TestMqttClient;
}

let deviceSeq = 0;
/** A patient of the hospital with an Android wrapper token, a subscribed browser and the app open. */
async function patientWithDevices(): Promise<Device> {
  const created = await createPatient(t.app.db, { choseHospitalIdx: hospitalIdx });
  const { accessToken } = await loginPatient(t.baseUrl, created);
  const fcmToken = `fcm-token-${++deviceSeq}-${created.idx}`;
  const client = api(t.baseUrl);
  expect(
    (
      await client.put(apiPaths.patient.updateFcmToken, {
        token: accessToken,
        body: { fcmToken, platform: 'android' },
      })
    ).code,
  ).toBe(0);
  const key = await client.get<{ publicKey: string }>(apiPaths.notification.getVapidPublicKey, {
    token: accessToken,
  });
  expect(key.data?.publicKey).toBe(vapidKeys.publicKey);
  const { subscription, clientHash } = await push.subscribe(key.data!.publicKey);
  expect(
    (await client.post(apiPaths.notification.saveWebPush, { token: accessToken, body: subscription })).code,
  ).toBe(0);
  const live = await connectTestClient(t.baseUrl, { loginId: created.loginId, accessToken });
  clients.push(live);
  expect(await live.subscribe(topics.notificationPatient(created.idx))).toBe(true);
  return { idx: created.idx, loginId: created.loginId, accessToken, fcmToken, clientHash, live };
}

const sendTest = (patientIdx: number) =>
  api(t.baseUrl).post<{ notificationIdx: number | null }>(apiPaths.notification.sendTest, {
    token: nurse.accessToken,
    body: { patientIdx },
  });

const history = (device: Device) =>
  api(t.baseUrl).get<Page<Notification>>(apiPaths.notification.getMyNotifications, {
    token: device.accessToken,
    query: { pNum: 1, pSize: 20 },
  });

async function deliveriesOf(notificationIdx: number) {
  const { rows } = await t.app.db.query<{ channel: string; status: string; due_at: Date }>(
    'SELECT channel, status, due_at, last_error FROM push_deliveries WHERE notification_idx = $1 ORDER BY channel',
    [notificationIdx],
  );
  return rows;
}

/** Every push pass has finished (the notify call starts one itself). */
async function deliveryPass() {
  await t.app.jobs.runNow(NOTIFICATION_PUSH_JOB);
  await t.app.jobs.runNow(NOTIFICATION_PUSH_JOB);
}

const fcmSendsTo = (device: Device) => fcm.sends.filter((s) => s.token === device.fcmToken);

beforeAll(async () => {
  [fcm, push] = await Promise.all([startFcmStandIn(), startWebPushStandIn()]);
  t = await buildTestApp({
    config: {
      fcmServiceAccount: testServiceAccount(),
      fcmEndpoint: fcm.endpoint,
      fcmTokenUrl: fcm.tokenUrl,
      vapidKeys,
    },
  });
  hospitalIdx = (await createHospital(t.app.db, { name: '알림병원' })).idx;
  const staff = await createStaff(t.app.db, { hospitalIdx, name: '정간호' });
  nurse = {
    idx: staff.idx,
    loginId: staff.loginId,
    accessToken: (await loginStaff(t.baseUrl, staff)).accessToken,
  };
});

afterEach(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  clients = [];
});

afterAll(async () => {
  await t?.close();
  await Promise.all([fcm?.close(), push?.close()]);
});

describe('one notification', () => {
  it('is stored, published live and pushed to the wrapper and the browser exactly once', async () => {
    const device = await patientWithDevices();
    const sent = await sendTest(device.idx);
    expect(sent.code).toBe(0);
    const notificationIdx = sent.data!.notificationIdx!;

    const live = await device.live.next<Notification>(topics.notificationPatient(device.idx));
    expect(live).toMatchObject({ idx: notificationIdx, kind: 'test', title: '테스트 알림', readAt: null });

    await deliveryPass();
    await deliveryPass();
    expect(fcmSendsTo(device)).toHaveLength(1);
    expect(fcmSendsTo(device)[0]).toMatchObject({
      authorization: 'Bearer stand-in-access-token',
      message: {
        notification: { title: '테스트 알림' },
        data: {
          notificationIdx: String(notificationIdx),
          kind: 'test',
          deepLink: '#/hospital/setting/pushlist',
        },
      },
    });
    const browserMessages = await push.messages(device.clientHash);
    expect(browserMessages).toHaveLength(1);
    expect(JSON.parse(String(browserMessages[0]))).toEqual({
      notificationIdx,
      kind: 'test',
      title: '테스트 알림',
      body: expect.any(String),
      deepLink: '#/hospital/setting/pushlist',
    });
    expect((await deliveriesOf(notificationIdx)).map((d) => d.status)).toEqual(['sent', 'sent']);

    const page = await history(device);
    expect(page.data).toMatchObject({ totalCount: 1, dataList: [{ idx: notificationIdx, readAt: null }] });
    expect(
      device.live.received.filter((m) => m.topic === topics.notificationPatient(device.idx)),
    ).toHaveLength(1);
  });

  it('is marked read one by one or all at once, and belongs to its patient only', async () => {
    const device = await patientWithDevices();
    const other = await patientWithDevices();
    const first = (await sendTest(device.idx)).data!.notificationIdx!;
    await sendTest(device.idx);
    const client = api(t.baseUrl);
    const count = () =>
      client.get<{ unreadCount: number }>(apiPaths.notification.getUnreadCount, {
        token: device.accessToken,
      });
    expect((await count()).data).toEqual({ unreadCount: 2 });
    // Someone else's notification is as if it did not exist, and stays unread.
    const foreign = await client.put(apiPaths.notification.markRead, {
      token: other.accessToken,
      body: { notificationIdx: first },
    });
    expect(foreign.status).toBe(404);
    const read = await client.put<{ unreadCount: number }>(apiPaths.notification.markRead, {
      token: device.accessToken,
      body: { notificationIdx: first },
    });
    expect(read.data).toEqual({ unreadCount: 1 });
    const page = await history(device);
    expect(page.data!.dataList.map((n) => n.readAt !== null)).toEqual([false, true]);
    expect((await client.put(apiPaths.notification.markAllRead, { token: device.accessToken })).data).toEqual(
      { unreadCount: 0 },
    );
    expect((await count()).data).toEqual({ unreadCount: 0 });
    expect((await history(other)).data!.totalCount).toBe(0);
  });

  it("is refused for another hospital's patient", async () => {
    const elsewhere = await createPatient(t.app.db, {
      choseHospitalIdx: (await createHospital(t.app.db)).idx,
    });
    const refused = await sendTest(elsewhere.idx);
    expect(refused.status).toBe(404);
    const { rows } = await t.app.db.query('SELECT 1 FROM notifications WHERE patient_idx = $1', [
      elsewhere.idx,
    ]);
    expect(rows).toHaveLength(0);
  });
});

describe('the push decision', () => {
  it("follows the kind's switch: off, the history and the live notice still happen", async () => {
    const device = await patientWithDevices();
    await api(t.baseUrl).put(apiPaths.patient.alarmUpdate, {
      token: device.accessToken,
      body: { chat: false },
    });
    const stored = await t.app.notifications.notify(device.idx, {
      kind: 'chat',
      title: '상담 채팅',
      body: '답변이 왔습니다.',
      deepLink: '#/hospital/consulting/chat',
      data: { roomIdx: 1 },
    });
    expect(stored).not.toBeNull();
    await device.live.next(
      topics.notificationPatient(device.idx),
      (n: Notification) => n.idx === stored!.idx,
    );
    await deliveryPass();
    expect(await deliveriesOf(stored!.idx)).toEqual([]);
    expect(fcmSendsTo(device)).toHaveLength(0);
    expect((await history(device)).data!.totalCount).toBe(1);
  });

  it('holds a non-urgent push in quiet hours until they end, and lets an urgent one through', async () => {
    const device = await patientWithDevices();
    const kst = (offsetMin: number) => {
      const at = new Date(Date.now() + (9 * 60 + offsetMin) * 60_000);
      return `${String(at.getUTCHours()).padStart(2, '0')}:${String(at.getUTCMinutes()).padStart(2, '0')}`;
    };
    await api(t.baseUrl).put(apiPaths.patient.alarmUpdate, {
      token: device.accessToken,
      body: { quietHoursEnabled: true, quietHoursStart: kst(-60), quietHoursEnd: kst(60) },
    });
    const notify = t.app.notifications.notify;
    const held = await notify(device.idx, {
      kind: 'notice',
      title: '공지',
      body: '병원 공지',
      deepLink: '#/hospital/news/notice',
    });
    const urgent = await notify(device.idx, {
      kind: 'nurseCall',
      title: '간호사 호출',
      body: '확인',
      deepLink: '#/hospital/nursecalling/list',
    });
    await deliveryPass();
    const heldRows = await deliveriesOf(held!.idx);
    expect(heldRows.map((d) => d.status)).toEqual(['pending', 'pending']);
    const waitMin = (heldRows[0]!.due_at.getTime() - Date.now()) / 60_000;
    expect(waitMin).toBeGreaterThan(55);
    expect(waitMin).toBeLessThanOrEqual(61);
    expect((await deliveriesOf(urgent!.idx)).map((d) => d.status)).toEqual(['sent', 'sent']);
    expect(fcmSendsTo(device).map((s) => s.message.data.notificationIdx)).toEqual([String(urgent!.idx)]);
  });

  it('sends advertising only with a current consent, labelled (광고)', async () => {
    const device = await patientWithDevices();
    const ad = {
      kind: 'marketing' as const,
      title: '건강검진 할인',
      body: '이번 달 검진 할인',
      deepLink: '#/hospital/home',
    };
    expect(await t.app.notifications.notify(device.idx, ad)).toBeNull();
    expect((await history(device)).data!.totalCount).toBe(0);
    await api(t.baseUrl).put(apiPaths.patient.alarmUpdate, {
      token: device.accessToken,
      body: { marketing: true },
    });
    const sent = await t.app.notifications.notify(device.idx, ad);
    expect(sent?.title).toBe('(광고) 건강검진 할인');
    // A consent older than two years must be confirmed again first.
    await t.app.db.query(
      `UPDATE consents SET answered_at = now() - interval '2 years 1 day' WHERE patient_idx = $1 AND terms_code = 'MARKETING'`,
      [device.idx],
    );
    expect(await t.app.notifications.notify(device.idx, ad)).toBeNull();
  });

  it('sends no push while the app is in the foreground, and nothing for the chat room it shows', async () => {
    const device = await patientWithDevices();
    const client = api(t.baseUrl);
    const presence = (body: object) =>
      client.put(apiPaths.notification.presence, { token: device.accessToken, body });
    expect((await presence({ deviceId: 'phone-abcdef12', foreground: true, chatRoomIdx: 77 })).code).toBe(0);
    const notify = t.app.notifications.notify;
    const chatHere = {
      kind: 'chat' as const,
      title: '상담 채팅',
      body: '답변',
      deepLink: '#/hospital/consulting/chat',
      data: { roomIdx: 77 },
    };
    expect(await notify(device.idx, chatHere)).toBeNull();
    const elsewhere = await notify(device.idx, { ...chatHere, data: { roomIdx: 78 } });
    expect(elsewhere).not.toBeNull();
    await deliveryPass();
    expect(await deliveriesOf(elsewhere!.idx)).toEqual([]);
    // Backgrounded: pushes again.
    await presence({ deviceId: 'phone-abcdef12', foreground: false });
    const later = await notify(device.idx, chatHere);
    await deliveryPass();
    expect((await deliveriesOf(later!.idx)).map((d) => d.status)).toEqual(['sent', 'sent']);
  });
});

describe('the wired kinds', () => {
  it("notifies a staff member's chat answer and a nurse call's acknowledgement", async () => {
    const device = await patientWithDevices();
    // The patient writes first (the room is created), the nurse answers.
    await device.live.subscribe(topics.chatRoomAll(-device.idx));
    await device.live.publish(topics.chatRoomEvent(-device.idx, 'message'), {
      clientMsgId: 'n-1',
      content: '문의드립니다',
    });
    const { room } = await device.live.next<{ room: { idx: number } }>(
      topics.chatRoomEvent(-device.idx, 'create'),
    );
    const staffClient = await connectTestClient(t.baseUrl, nurse);
    clients.push(staffClient);
    await staffClient.publish(topics.chatRoomEvent(room.idx, 'message'), {
      clientMsgId: 's-1',
      content: '네, 말씀하세요',
    });
    const chat = await device.live.next<Notification>(
      topics.notificationPatient(device.idx),
      (n) => n.kind === 'chat',
    );
    expect(chat).toMatchObject({
      title: '상담 채팅',
      body: '정간호 님이 답변을 보냈습니다.',
      data: { roomIdx: room.idx },
    });

    const admitted = await api(t.baseUrl).post(apiPaths.admission.admit, {
      token: nurse.accessToken,
      body: { patientIdx: device.idx, ward: '7병동', bed: '701-1', identityConfirmed: true },
    });
    expect(admitted.code).toBe(0);
    await device.live.publish(topics.nurseCalling(hospitalIdx), { clientCallId: 'c-1', reason: 'WATER' });
    const calls = await api(t.baseUrl).get<{ idx: number }[]>(apiPaths.nurseCall.getMyCalls, {
      token: device.accessToken,
    });
    const callIdx = calls.data![0]!.idx;
    await api(t.baseUrl).put(apiPaths.nurseCall.acknowledge, { token: nurse.accessToken, body: { callIdx } });
    const ack = await device.live.next<Notification>(
      topics.notificationPatient(device.idx),
      (n) => n.kind === 'nurseCall',
    );
    expect(ack).toMatchObject({ deepLink: '#/hospital/nursecalling/list', data: { callIdx } });
    // Acknowledging again is no new notification.
    await api(t.baseUrl).put(apiPaths.nurseCall.acknowledge, { token: nurse.accessToken, body: { callIdx } });
    const { rows } = await t.app.db.query(
      `SELECT 1 FROM notifications WHERE patient_idx = $1 AND kind = 'nurseCall'`,
      [device.idx],
    );
    expect(rows).toHaveLength(1);
  });
});

describe('push services answering', () => {
  it('UNREGISTERED removes the wrapper token, and later pushes go to the browser only', async () => {
    const device = await patientWithDevices();
    fcm.answerNext('UNREGISTERED');
    const sent = (await sendTest(device.idx)).data!.notificationIdx!;
    await deliveryPass();
    expect((await deliveriesOf(sent)).map((d) => d.status)).toEqual(['dropped', 'sent']);
    const { rows } = await t.app.db.query('SELECT 1 FROM push_tokens WHERE patient_idx = $1', [device.idx]);
    expect(rows).toHaveLength(0);
    // The next notification goes to the browser only.
    const next = (await sendTest(device.idx)).data!.notificationIdx!;
    await deliveryPass();
    expect((await deliveriesOf(next)).map((d) => d.channel)).toEqual(['webpush']);
    expect(fcmSendsTo(device)).toHaveLength(1);
  });

  it('429 is retried later with backoff, and the retry sends once', async () => {
    const device = await patientWithDevices();
    fcm.answerNext(429);
    const sent = (await sendTest(device.idx)).data!.notificationIdx!;
    await deliveryPass();
    const [fcmRow] = await deliveriesOf(sent);
    expect(fcmRow).toMatchObject({ channel: 'fcm', status: 'pending' });
    expect(fcmRow!.due_at.getTime()).toBeGreaterThan(Date.now() + 10_000);
    // A second ago: the pass compares with the server's clock in whole milliseconds, and on
    // PostgreSQL now() may be a fraction of one ahead of it (the retry then waited: a flake).
    await t.app.db.query(
      `UPDATE push_deliveries SET due_at = now() - interval '1 second' WHERE notification_idx = $1`,
      [sent],
    );
    await deliveryPass();
    expect((await deliveriesOf(sent)).map((d) => d.status)).toEqual(['sent', 'sent']);
    expect(fcmSendsTo(device)).toHaveLength(2);
  });
});

describe('retention', () => {
  it('prunes notifications older than 90 days', async () => {
    const device = await patientWithDevices();
    const old = (await sendTest(device.idx)).data!.notificationIdx!;
    const fresh = (await sendTest(device.idx)).data!.notificationIdx!;
    await t.app.db.query(`UPDATE notifications SET created_at = now() - interval '91 days' WHERE idx = $1`, [
      old,
    ]);
    expect(await t.app.jobs.runNow(NOTIFICATION_PRUNE_JOB)).toBeGreaterThanOrEqual(1);
    expect((await history(device)).data!.dataList.map((n) => n.idx)).toEqual([fresh]);
  });
});
