import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { ChatMessage, ChatRoom } from '@smartcare/contract/chat';
import type { Page } from '@smartcare/contract/paging';
import { topics } from '@smartcare/contract/topics';
import { connectTestClient, type TestMqttClient } from '../../plugins/broker/broker-test-client.ts';
import { startServerProcess, type ServerProcess } from '../../plugins/broker/broker-test-server.ts';
import { openDatabase } from '../../plugins/db/db.plugin.ts';
import { migrate } from '../../plugins/db/migrate.ts';
import { prepareDataDir } from '../../testing/build-test-app.ts';
import {
  api,
  createHospital,
  createPatient,
  createStaff,
  loginPatient,
  loginStaff,
} from '../../testing/factories.ts';

/**
 * Nothing a patient sent is lost (brief §4): the server process is killed outright (SIGKILL,
 * no shutdown hook) in the middle of a conversation, the patient writes while it is down,
 * and a new process starts on the same storage and port. Both clients come back, every
 * acknowledged message is there, and the one written during the outage is stored and
 * delivered once. Runs on PGlite in a data directory, or on TEST_DATABASE_URL's server.
 */
const adminUrl = process.env.TEST_DATABASE_URL;
const databaseName = `smartcare_restart_${randomBytes(5).toString('hex')}`;
const databaseUrl = adminUrl
  ? Object.assign(new URL(adminUrl), { pathname: `/${databaseName}` }).toString()
  : undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'smartcare-chat-restart-'));
const storageEnv: Record<string, string> = databaseUrl
  ? { DATABASE_URL: databaseUrl }
  : { DATA_DIR: dataDir };
const tokenSecret = randomBytes(32).toString('base64url');

let server: ServerProcess | undefined;
const clients: TestMqttClient[] = [];

async function adminQuery(sql: string) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(sql);
  } finally {
    await admin.end();
  }
}

/** The people of the conversation, written with the server's own code before it starts (it then holds the lock). */
async function provision() {
  if (databaseUrl) await adminQuery(`CREATE DATABASE ${databaseName}`);
  else await prepareDataDir(dataDir);
  const { db, release } = await openDatabase({ dataDir, databaseUrl });
  try {
    await migrate(db);
    const hospital = await createHospital(db, { name: '재시작병원' });
    const patient = await createPatient(db, { name: '한환자', choseHospitalIdx: hospital.idx });
    const staff = await createStaff(db, { hospitalIdx: hospital.idx, name: '오간호' });
    return { hospital, patient, staff };
  } finally {
    await db.close();
    await release();
  }
}

const start = (port?: number) =>
  startServerProcess({ env: { ...storageEnv, TOKEN_SECRET: tokenSecret }, ...(port ? { port } : {}) });

afterAll(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  await server?.stop();
  if (adminUrl) await adminQuery(`DROP DATABASE IF EXISTS ${databaseName} WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
}, 30_000);

const connected = (client: TestMqttClient) =>
  client.client.connected
    ? Promise.resolve()
    : new Promise<void>((resolve) => client.client.once('connect', () => resolve()));

describe('a server killed in the middle of a conversation', () => {
  it('loses nothing: clients reconnect, the message written during the outage is stored and delivered once', async () => {
    const { hospital, patient: patientAccount, staff: staffAccount } = await provision();
    server = await start();
    const patientToken = (await loginPatient(server.baseUrl, patientAccount)).accessToken;
    const staffToken = (await loginStaff(server.baseUrl, staffAccount)).accessToken;

    // The nurse's console reconnects on its own and resubscribes (mqtt.js, as the apps use it).
    const desk = await connectTestClient(
      server.baseUrl,
      { loginId: staffAccount.loginId, accessToken: staffToken },
      { reconnectPeriod: 200 },
    );
    // The phone's reconnect is the test's to trigger, so that it comes back only once the
    // nurse is listening again and the live delivery can be checked, not raced.
    const phone = await connectTestClient(server.baseUrl, {
      loginId: patientAccount.loginId,
      accessToken: patientToken,
    });
    clients.push(desk, phone);

    // Before: the patient opens a room, the nurse answers, the patient writes once more.
    const provisional = -patientAccount.idx;
    expect(await phone.subscribe(topics.chatRoomAll(provisional))).toBe(true);
    await phone.publish(topics.chatRoomEvent(provisional, 'message'), {
      clientMsgId: 'r-1',
      content: '수술 전날 금식은 언제부터인가요?',
    });
    const { room } = await phone.next<{ room: ChatRoom }>(topics.chatRoomEvent(provisional, 'create'));
    const roomIdx = room.idx!;
    // The app follows its room itself once told of it (the server subscribed this connection only).
    expect(await phone.subscribe(topics.chatRoomAll(roomIdx))).toBe(true);
    expect(await desk.subscribe(topics.chatRoomAll(roomIdx))).toBe(true);
    await desk.publish(topics.chatRoomEvent(roomIdx, 'message'), {
      clientMsgId: 's-1',
      content: '자정부터 금식하시면 됩니다.',
    });
    await phone.next<ChatMessage>(topics.chatRoomEvent(roomIdx, 'message'), (m) => m.clientMsgId === 's-1');
    // Acknowledged (PUBACK): stored before the broker answered. Then the process dies at once.
    await phone.publish(topics.chatRoomEvent(roomIdx, 'message'), {
      clientMsgId: 'r-2',
      content: '물도 마시면 안 되나요?',
    });
    const { port } = server;
    const deskDropped = desk.closedWithin(10_000);
    const phoneDropped = phone.closedWithin(10_000);
    await server.kill();
    expect(await deskDropped).toBe(true);
    expect(await phoneDropped).toBe(true);

    // While it is down the patient writes; mqtt.js keeps the QoS 1 publish until it is connected.
    const outage = { clientMsgId: 'r-out', content: '서버가 멈춘 동안 보낸 질문입니다.' };
    const outageAcked = phone.client.publishAsync(
      topics.chatRoomEvent(roomIdx, 'message'),
      JSON.stringify(outage),
      { qos: 1 },
    );

    // A process killed outright leaves its lock on the data directory, which a new process
    // honours until it goes stale (15 s). This one is known dead: clear it as a supervisor would.
    if (!databaseUrl) rmSync(join(dataDir, 'server.lock'), { recursive: true, force: true });
    server = await start(port);

    // The nurse's console is back by itself and subscribes again, as the console does on every connect.
    await connected(desk);
    expect(await desk.subscribe(topics.chatRoomAll(roomIdx))).toBe(true);

    // The phone comes back with the same token and sends what it kept. (mqtt.js's reconnect()
    // starts with empty stores unless given its own: the queued publish would be dropped.)
    phone.client.reconnect({
      incomingStore: phone.client.incomingStore,
      outgoingStore: phone.client.outgoingStore,
    });
    await connected(phone);
    await outageAcked;
    expect(await phone.subscribe(topics.chatRoomAll(roomIdx))).toBe(true);
    const delivered = await desk.next<ChatMessage>(
      topics.chatRoomEvent(roomIdx, 'message'),
      (m) => m.clientMsgId === 'r-out',
    );
    expect(delivered).toMatchObject({ personType: 'PATIENT', senderIdx: patientAccount.idx, roomIdx });

    // The conversation goes on live both ways.
    await desk.publish(topics.chatRoomEvent(roomIdx, 'message'), {
      clientMsgId: 's-2',
      content: '네, 물도 드시면 안 됩니다.',
    });
    await phone.next<ChatMessage>(topics.chatRoomEvent(roomIdx, 'message'), (m) => m.clientMsgId === 's-2');

    // Everything is stored once, in order; the outage message reached the nurse once.
    const page = await api(server.baseUrl).get<Page<ChatMessage>>(apiPaths.chat.messages, {
      token: patientToken,
      query: { roomIdx, hospitalIdx: hospital.idx, pNum: 1, pSize: 50 },
    });
    const stored = page.data!.dataList;
    expect(stored.map((m) => m.clientMsgId).filter(Boolean)).toEqual(['r-1', 's-1', 'r-2', 'r-out', 's-2']);
    expect(new Set(stored.map((m) => m.idx)).size).toBe(stored.length);
    const liveCopies = desk.received.filter(
      (m) =>
        m.topic === topics.chatRoomEvent(roomIdx, 'message') &&
        (m.payload as ChatMessage).clientMsgId === 'r-out',
    );
    expect(liveCopies).toHaveLength(1);
    expect(liveCopies[0]!.payload).toEqual(stored.find((m) => m.clientMsgId === 'r-out'));

    // The room picked up where it was.
    const currentRoom = await api(server.baseUrl).get<ChatRoom>(apiPaths.chat.currentRoom, {
      token: patientToken,
    });
    expect(currentRoom.data).toMatchObject({ idx: roomIdx, status: 'STANDBY' });
  }, 120_000);
});
