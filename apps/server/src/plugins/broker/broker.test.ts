import type { IncomingMessage } from 'node:http';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { ChatMessage, ChatRoom } from '@smartcare/contract/chat';
import type { Page } from '@smartcare/contract/paging';
import { MQTT_PATH, topics } from '@smartcare/contract/topics';
import WebSocket from 'ws';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { captureLog } from '../../testing/log-capture.ts';
import {
  api,
  createHospital,
  createPatient,
  createStaff,
  loginPatient,
  loginStaff,
} from '../../testing/factories.ts';
import { connackCodeOf, connectTestClient, type TestMqttClient } from './broker-test-client.ts';

/**
 * The embedded broker with real mqtt.js clients over WebSocket (brief §4): who may connect,
 * what each may subscribe to and publish, and what happens when a token runs out.
 */
let t: TestApp;
let hospitalA: number;
let hospitalB: number;
const accounts: Record<
  'kim' | 'lee' | 'park' | 'nurseA' | 'nurseB',
  { idx: number; loginId: string; accessToken: string }
> = {} as never;
const open: TestMqttClient[] = [];
/** The server's log lines (pino JSON), to see what a refusal leaves behind. */
const { lines: logLines, stream: logStream } = captureLog();

async function connect(who: keyof typeof accounts, clientId?: string) {
  const client = await connectTestClient(t.baseUrl, accounts[who], clientId ? { clientId } : {});
  open.push(client);
  return client;
}

beforeAll(async () => {
  t = await buildTestApp({ config: { logLevel: 'warn' }, build: { logStream } });
  hospitalA = (await createHospital(t.app.db, { name: '서울하나병원' })).idx;
  hospitalB = (await createHospital(t.app.db, { name: '부산둘병원' })).idx;
  const patient = async (name: string, hospitalIdx: number | null) => {
    const created = await createPatient(t.app.db, { name, choseHospitalIdx: hospitalIdx });
    return {
      idx: created.idx,
      loginId: created.loginId,
      accessToken: (await loginPatient(t.baseUrl, created)).accessToken,
    };
  };
  const staff = async (hospitalIdx: number) => {
    const created = await createStaff(t.app.db, { hospitalIdx });
    return {
      idx: created.idx,
      loginId: created.loginId,
      accessToken: (await loginStaff(t.baseUrl, created)).accessToken,
    };
  };
  accounts.kim = await patient('김하나', hospitalA);
  accounts.lee = await patient('이둘', hospitalA);
  accounts.park = await patient('박셋', hospitalB);
  accounts.nurseA = await staff(hospitalA);
  accounts.nurseB = await staff(hospitalB);
});

afterAll(async () => {
  await Promise.allSettled(open.map((client) => client.close()));
  await t?.close();
});

/** Lee opens a room with a first message, so there is someone else's room to try. */
async function roomOf(who: 'lee' | 'kim' | 'park'): Promise<number> {
  const client = await connect(who);
  const provisional = -accounts[who].idx;
  await client.subscribe(topics.chatRoomAll(provisional));
  await client.publish(topics.chatRoomEvent(provisional, 'message'), {
    clientMsgId: `first-${who}`,
    content: '안녕하세요',
  });
  const { room } = await client.next<{ room: ChatRoom }>(topics.chatRoomEvent(provisional, 'create'));
  return room.idx!;
}

describe('connecting', () => {
  it('accepts a patient and a staff member with their own access tokens', async () => {
    expect(await connackCodeOf(t.baseUrl, accounts.kim.loginId, accounts.kim.accessToken)).toBe('accepted');
    expect(await connackCodeOf(t.baseUrl, accounts.nurseA.loginId, accounts.nurseA.accessToken)).toBe(
      'accepted',
    );
  });

  it('takes WebSocket upgrades on the MQTT path only; elsewhere the answer is 404 and no socket', async () => {
    const upgrade = (path: string) =>
      new Promise<string>((resolve) => {
        const socket = new WebSocket(`${t.baseUrl.replace(/^http/, 'ws')}${path}`, 'mqtt');
        socket.once('open', () => {
          socket.close();
          resolve('open');
        });
        socket.once('unexpected-response', (_request, response) => resolve(String(response.statusCode)));
        socket.once('error', (error) => resolve(error.message));
      });
    expect(await upgrade(MQTT_PATH)).toBe('open');
    expect(await upgrade(`${MQTT_PATH}?client=app`)).toBe('open');
    expect(await upgrade('/medical2/app/api/health')).toBe('404');
    expect(await upgrade('/mqtt-other')).toBe('404');
  });

  it('keeps nothing of the upgrade request once the connection is open (memory per connection, issue 11 point 7)', async () => {
    let request: WeakRef<IncomingMessage> | undefined;
    const remember = (upgrade: IncomingMessage) => (request = new WeakRef(upgrade));
    t.app.server.once('upgrade', remember);
    const client = await connect('lee');
    expect(client.client.connected).toBe(true);
    expect(request).toBeDefined();
    // A full collection: the request (its headers, its socket's parser state) is garbage.
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    for (let i = 0; i < 3 && request!.deref(); i++) {
      await new Promise((resolve) => setImmediate(resolve));
      gc();
    }
    expect(request!.deref()).toBeUndefined();
  });

  it('sends each packet in one WebSocket frame, not one frame per piece of it', async () => {
    // A raw MQTT 3.1.1 client, to see the frames themselves.
    const text = (value: string) => {
      const bytes = Buffer.from(value, 'utf8');
      return Buffer.concat([Buffer.from([bytes.length >> 8, bytes.length & 0xff]), bytes]);
    };
    const packet = (header: number, body: Buffer) => {
      const length: number[] = [];
      let rest = body.length;
      do {
        length.push((rest % 128) | (rest >= 128 ? 0x80 : 0));
        rest = Math.floor(rest / 128);
      } while (rest > 0);
      return Buffer.concat([Buffer.from([header, ...length]), body]);
    };
    const frames: Buffer[] = [];
    const socket = new WebSocket(`${t.baseUrl.replace(/^http/, 'ws')}${MQTT_PATH}`, 'mqtt');
    socket.on('message', (data: Buffer) => frames.push(data));
    await new Promise((resolve) => socket.once('open', resolve));
    const { kim } = accounts;
    const provisional = topics.chatRoomAll(-kim.idx);
    socket.send(
      packet(
        0x10,
        Buffer.concat([
          text('MQTT'),
          Buffer.from([4, 0xc2, 0, 60]),
          text(`raw_${kim.loginId}`),
          text(kim.loginId),
          text(kim.accessToken),
        ]),
      ),
    );
    socket.send(packet(0x82, Buffer.concat([Buffer.from([0, 1]), text(provisional), Buffer.from([1])])));
    const until = async (seen: (frame: Buffer) => boolean) => {
      for (let i = 0; i < 100 && !frames.some(seen); i++) await new Promise((r) => setTimeout(r, 20));
    };
    await until((frame) => frame[0] === 0x90);
    await t.app.broker.publish(topics.chatRoomEvent(-kim.idx, 'create'), { room: { note: '한 프레임' } });
    await until((frame) => frame[0]! >> 4 === 3);
    socket.close();

    // CONNACK, SUBACK and the PUBLISH each arrived whole: a frame is one packet, header to end.
    const kinds = frames.map((frame) => frame[0]! >> 4);
    expect(kinds).toEqual([2, 9, 3]);
    for (const frame of frames) {
      let length = 0;
      let at = 1;
      for (let factor = 1; ; factor *= 128) {
        const byte = frame[at++]!;
        length += (byte & 0x7f) * factor;
        if (byte < 0x80) break;
      }
      expect(frame.length).toBe(at + length);
    }
  });

  it('refuses a forged or missing token as a bad user name or password (CONNACK 4)', async () => {
    expect(await connackCodeOf(t.baseUrl, accounts.kim.loginId, `${accounts.kim.accessToken}x`)).toBe(4);
    expect(await connackCodeOf(t.baseUrl, accounts.kim.loginId, '')).toBe(4);
  });

  it("refuses someone else's token under a different login id (CONNACK 4)", async () => {
    expect(await connackCodeOf(t.baseUrl, accounts.lee.loginId, accounts.kim.accessToken)).toBe(4);
  });

  it('refuses an expired token as not authorized (CONNACK 5), so the app knows to refresh', async () => {
    const shortLived = await buildTestApp({ config: { accessTokenTtlS: 1 } });
    try {
      const patient = await createPatient(shortLived.app.db);
      const { accessToken } = await loginPatient(shortLived.baseUrl, patient);
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      expect(await connackCodeOf(shortLived.baseUrl, patient.loginId, accessToken)).toBe(5);
    } finally {
      await shortLived.close();
    }
  });

  it("will not let one person's client id knock another person off (CONNACK 2)", async () => {
    const kim = await connect('kim', 'same-name-on-two-phones');
    const code = await connectTestClient(t.baseUrl, accounts.lee, {
      clientId: 'same-name-on-two-phones',
    }).then(
      async (client) => {
        await client.close();
        return 'accepted';
      },
      (error: { code?: number }) => error.code,
    );
    expect(code).toBe(2);
    expect(kim.client.connected).toBe(true);
  });
});

describe('what a patient may subscribe to', () => {
  it('gets their own provisional room and nurse-call topic', async () => {
    const kim = await connect('kim');
    expect(await kim.subscribe(topics.chatRoomAll(-accounts.kim.idx))).toBe(true);
    expect(await kim.subscribe(topics.nurseCallingPatient(hospitalA, accounts.kim.idx))).toBe(true);
  });

  it("is refused another patient's room, another hospital's calls and every wildcard — and stays connected", async () => {
    const leeRoom = await roomOf('lee');
    const kim = await connect('kim');
    const refused = [
      topics.chatRoomAll(leeRoom),
      topics.chatRoomAll(-accounts.lee.idx),
      topics.nurseCalling(hospitalA),
      topics.nurseCalling(hospitalB),
      topics.nurseCallingPatient(hospitalA, accounts.lee.idx),
      topics.staffInbox(hospitalA, accounts.nurseA.idx),
      '#',
      'chat/#',
      'chat/+/message',
      'chat/+/#',
      'nurseCalling/+',
      'nurseCalling/#',
      '$SYS/#',
    ];
    for (const filter of refused) expect(await kim.subscribe(filter), filter).toBe(false);
    expect(kim.client.connected).toBe(true);
    // Still a working connection after all those refusals.
    expect(await kim.subscribe(topics.chatRoomAll(-accounts.kim.idx))).toBe(true);
  });
});

describe('what a patient may publish', () => {
  it("cannot write into another patient's room: refused, disconnected, never stored or delivered", async () => {
    const leeRoom = await roomOf('lee');
    const lee = await connect('lee');
    await lee.subscribe(topics.chatRoomAll(leeRoom));
    const kim = await connect('kim');
    const closed = kim.closedWithin();
    kim.publishAndForget(topics.chatRoomEvent(leeRoom, 'message'), {
      clientMsgId: 'intruder-1',
      content: '몰래',
    });
    expect(await closed).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(lee.received.some((m) => JSON.stringify(m.payload).includes('몰래'))).toBe(false);
    const history = await api(t.baseUrl).get<Page<ChatMessage>>(apiPaths.chat.messages, {
      token: accounts.lee.accessToken,
      query: { roomIdx: leeRoom, hospitalIdx: hospitalA, pNum: 1, pSize: 50 },
    });
    expect(history.data?.dataList.map((m) => m.content)).not.toContain('몰래');
  });

  it('leaves a warning in the log saying who was refused, where and why (and never the token)', async () => {
    const leeRoom = await roomOf('lee');
    const kim = await connect('kim');
    const logged = logLines.length;
    const closed = kim.closedWithin();
    kim.publishAndForget(topics.chatRoomEvent(leeRoom, 'message'), {
      clientMsgId: 'intruder-log',
      content: '몰래 또',
    });
    expect(await closed).toBe(true);
    const refusals = logLines
      .slice(logged)
      .filter(
        (line) => line.msg === 'publish refused' && line.topic === topics.chatRoomEvent(leeRoom, 'message'),
      );
    expect(refusals).toEqual([
      expect.objectContaining({
        level: 40,
        module: 'broker',
        reason: 'topic not allowed',
        principal: { kind: 'patient', idx: accounts.kim.idx, loginId: accounts.kim.loginId },
      }),
    ]);
    expect(JSON.stringify(refusals)).not.toContain(accounts.kim.accessToken);
    expect(JSON.stringify(refusals)).not.toContain('몰래 또');
  });

  it('cannot send an oversized payload', async () => {
    const kim = await connect('kim');
    const closed = kim.closedWithin();
    kim.publishAndForget(topics.chatRoomEvent(-accounts.kim.idx, 'message'), {
      clientMsgId: 'huge-1',
      content: '가'.repeat(20_000),
    });
    expect(await closed).toBe(true);
    const { rows } = await t.app.db.query(`SELECT 1 FROM chat_messages WHERE client_msg_id = 'huge-1'`);
    expect(rows).toEqual([]);
  });

  it('cannot forge server events (create, update) even in their own room', async () => {
    const kim = await connect('kim');
    const closed = kim.closedWithin();
    kim.publishAndForget(topics.chatRoomEvent(-accounts.kim.idx, 'update'), { room: {} });
    expect(await closed).toBe(true);
  });

  it('cannot call a nurse in a hospital other than the one they chose', async () => {
    const kim = await connect('kim');
    const closed = kim.closedWithin();
    kim.publishAndForget(topics.nurseCalling(hospitalB), { clientCallId: 'x', reason: 'PAIN' });
    expect(await closed).toBe(true);
  });
});

describe('what staff may do', () => {
  it("follow their own hospital's rooms, board and inbox, and nothing of another hospital", async () => {
    const kimRoom = await roomOf('kim');
    const parkRoom = await roomOf('park');
    const nurse = await connect('nurseA');
    expect(await nurse.subscribe(topics.chatRoomAll(kimRoom))).toBe(true);
    expect(await nurse.subscribe(topics.nurseCalling(hospitalA))).toBe(true);
    expect(await nurse.subscribe(topics.staffInbox(hospitalA, accounts.nurseA.idx))).toBe(true);
    expect(await nurse.subscribe(topics.chatRoomAll(parkRoom))).toBe(false);
    expect(await nurse.subscribe(topics.nurseCalling(hospitalB))).toBe(false);
    expect(await nurse.subscribe(topics.staffInbox(hospitalB, accounts.nurseA.idx))).toBe(false);
    // Another member's inbox (their unread counts) is theirs alone.
    expect(await nurse.subscribe(topics.staffInbox(hospitalA, accounts.nurseB.idx))).toBe(false);
    expect(await nurse.subscribe('chat/#')).toBe(false);
    expect(nurse.client.connected).toBe(true);
  });

  it("cannot write into another hospital's room", async () => {
    const parkRoom = await roomOf('park');
    const nurse = await connect('nurseA');
    const closed = nurse.closedWithin();
    nurse.publishAndForget(topics.chatRoomEvent(parkRoom, 'message'), {
      clientMsgId: 'n-1',
      content: '다른 병원',
    });
    expect(await closed).toBe(true);
  });
});

describe('who follows a topic', () => {
  it('is known to the server: someone following it or a wildcard over it, and no one once they leave', async () => {
    const inbox = topics.staffInbox(hospitalB, accounts.nurseB.idx);
    expect(t.app.broker.hasSubscribers(inbox)).toBe(false);
    const nurse = await connect('nurseB');
    expect(await nurse.subscribe(inbox)).toBe(true);
    expect(t.app.broker.hasSubscribers(inbox)).toBe(true);
    // A refused subscription follows nothing.
    expect(await nurse.subscribe(topics.staffInbox(hospitalA, accounts.nurseB.idx))).toBe(false);
    expect(t.app.broker.hasSubscribers(topics.staffInbox(hospitalA, accounts.nurseB.idx))).toBe(false);
    const room = await roomOf('lee');
    const lee = await connect('lee');
    expect(await lee.subscribe(topics.chatRoomAll(room))).toBe(true);
    expect(t.app.broker.hasSubscribers(topics.chatRoomEvent(room, 'message'))).toBe(true);
    await nurse.close();
    await expect.poll(() => t.app.broker.hasSubscribers(inbox)).toBe(false);
  });
});

describe('a token that expires during the connection', () => {
  it('ends the connection at expiry; a fresh token connects again', async () => {
    const shortLived = await buildTestApp({ config: { accessTokenTtlS: 4 } });
    try {
      const hospital = await createHospital(shortLived.app.db);
      const patient = await createPatient(shortLived.app.db, { choseHospitalIdx: hospital.idx });
      const { accessToken } = await loginPatient(shortLived.baseUrl, patient);
      const client = await connectTestClient(shortLived.baseUrl, { loginId: patient.loginId, accessToken });
      expect(await client.subscribe(topics.chatRoomAll(-patient.idx))).toBe(true);
      expect(await client.closedWithin(8_000)).toBe(true);
      await client.close();
      // The old token is refused now; the app refreshes and reconnects.
      expect(await connackCodeOf(shortLived.baseUrl, patient.loginId, accessToken)).toBe(5);
      const fresh = await loginPatient(shortLived.baseUrl, patient);
      const again = await connectTestClient(shortLived.baseUrl, {
        loginId: patient.loginId,
        accessToken: fresh.accessToken,
      });
      expect(await again.subscribe(topics.chatRoomAll(-patient.idx))).toBe(true);
      await again.close();
    } finally {
      await shortLived.close();
    }
  });
});
