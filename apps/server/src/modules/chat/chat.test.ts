import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import {
  HANDOFF_PHRASE,
  type ChatChangeEvent,
  type ChatEnterEvent,
  type ChatMessage,
  type ChatRoom,
  type ChatRoomSummary,
  type StaffInboxEvent,
} from '@smartcare/contract/chat';
import type { Page } from '@smartcare/contract/paging';
import { ResultCode } from '@smartcare/contract/result-codes';
import { topics } from '@smartcare/contract/topics';
import { connectTestClient, type TestMqttClient } from '../../plugins/broker/broker-test-client.ts';
import { seedDemoHospitalContent } from '../../db/demo-hospital-content.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { INBOX_INTERVAL_MS } from './chat.realtime.ts';
import {
  api,
  createHospital,
  createPatient,
  createStaff,
  loginPatient,
  loginStaff,
} from '../../testing/factories.ts';

/**
 * The consulting chat end to end over real MQTT and HTTP (issue 4): the server stores every
 * message before anyone receives it, moves the patient into the room it creates, follows the
 * room's status, lets the bot answer and hand over, and keeps each patient to their own rooms.
 */
let t: TestApp;
let hospitalIdx: number;
let otherHospitalIdx: number;
let nurse: { idx: number; loginId: string; accessToken: string };
let clients: TestMqttClient[] = [];

interface Person {
  idx: number;
  loginId: string;
  accessToken: string;
  client: TestMqttClient;
}

let msgSeq = 0;
const msg = (content: string) => ({ clientMsgId: `m-${++msgSeq}`, content });

async function newPatient(options: { hospital?: number | null; name?: string } = {}): Promise<Person> {
  const created = await createPatient(t.app.db, {
    name: options.name ?? '김환자',
    choseHospitalIdx: options.hospital === undefined ? hospitalIdx : options.hospital,
  });
  const { accessToken } = await loginPatient(t.baseUrl, created);
  const client = await connectTestClient(t.baseUrl, { loginId: created.loginId, accessToken });
  clients.push(client);
  return { idx: created.idx, loginId: created.loginId, accessToken, client };
}

async function staffClient(): Promise<TestMqttClient> {
  const client = await connectTestClient(t.baseUrl, nurse);
  clients.push(client);
  return client;
}

/** The patient's first message, sent where the app sends it before a room exists. */
async function firstMessage(patient: Person, content = '입원 중인데 문의드립니다') {
  const provisional = -patient.idx;
  await patient.client.subscribe(topics.chatRoomAll(provisional));
  const sent = msg(content);
  await patient.client.publish(topics.chatRoomEvent(provisional, 'message'), sent);
  const { room } = await patient.client.next<{ room: ChatRoom }>(topics.chatRoomEvent(provisional, 'create'));
  const roomIdx = room.idx!;
  const message = await patient.client.next<ChatMessage>(
    topics.chatRoomEvent(roomIdx, 'message'),
    (m) => m.clientMsgId === sent.clientMsgId,
  );
  return { roomIdx, room, message };
}

function history(
  token: string,
  roomIdx: number,
  query: { pNum?: number; pSize?: number; hospitalIdx?: number } = {},
) {
  return api(t.baseUrl).get<Page<ChatMessage>>(apiPaths.chat.messages, {
    token,
    query: {
      roomIdx,
      hospitalIdx: query.hospitalIdx ?? hospitalIdx,
      pNum: query.pNum ?? 1,
      pSize: query.pSize ?? 50,
    },
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  const hospital = await createHospital(t.app.db, { name: '스마트종합병원' });
  hospitalIdx = hospital.idx;
  // The bot answers from the hospital's published FAQ and guides (issue 14): the demo content.
  await seedDemoHospitalContent(t.app.db, { idx: hospital.idx, name: hospital.name, phone: hospital.phone });
  otherHospitalIdx = (await createHospital(t.app.db, { name: '다른병원' })).idx;
  const staff = await createStaff(t.app.db, { hospitalIdx, name: '박간호' });
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
});

describe('the first message', () => {
  it('creates the room, announces it on the provisional topic and moves the patient into it', async () => {
    const kim = await newPatient();
    const { roomIdx, room, message } = await firstMessage(kim, '안녕하세요, 질문이 있어요');
    expect(roomIdx).toBeGreaterThan(0);
    // The bot has the room: it is not in the staff waiting queue (decision 011).
    expect(room).toMatchObject({ patientIdx: kim.idx, hospitalIdx, status: 'NONE' });
    // Stamped by the server from the token, never from the payload.
    expect(message).toMatchObject({
      roomIdx,
      personType: 'PATIENT',
      senderIdx: kim.idx,
      senderName: '김환자',
    });
    // The room the app asks for next is the new one.
    const current = await api(t.baseUrl).get<ChatRoom>(apiPaths.chat.currentRoom, { token: kim.accessToken });
    expect(current.data).toMatchObject({ idx: roomIdx });
  });

  it('takes the sender from the token: identity fields in the payload are ignored', async () => {
    const kim = await newPatient({ name: '진짜환자' });
    const { roomIdx } = await firstMessage(kim);
    const forged = {
      ...msg('저는 간호사입니다'),
      personType: 'USER',
      senderIdx: nurse.idx,
      senderName: '가짜간호사',
    };
    await kim.client.publish(topics.chatRoomEvent(roomIdx, 'message'), forged);
    const delivered = await kim.client.next<ChatMessage>(
      topics.chatRoomEvent(roomIdx, 'message'),
      (m) => m.clientMsgId === forged.clientMsgId,
    );
    expect(delivered).toMatchObject({ personType: 'PATIENT', senderIdx: kim.idx, senderName: '진짜환자' });
  });

  it('is stored before anyone receives it: what arrives is already in /chat/messages with the same idx', async () => {
    const kim = await newPatient();
    const { roomIdx } = await firstMessage(kim);
    const staff = await staffClient();
    await staff.subscribe(topics.chatRoomAll(roomIdx));
    await kim.client.publish(topics.chatRoomEvent(roomIdx, 'message'), msg('두 번째 메시지'));
    const delivered = await staff.next<ChatMessage>(
      topics.chatRoomEvent(roomIdx, 'message'),
      (m) => m.content === '두 번째 메시지',
    );
    // Asked the moment it arrived, before the server could have stored it "later".
    const page = await history(nurse.accessToken, roomIdx);
    expect(page.data!.dataList.find((m) => m.idx === delivered.idx)).toEqual(delivered);
  });

  it('needs a chosen hospital: REST says HOSPITAL_NOT_CHOSEN and a publish is refused', async () => {
    const wanderer = await newPatient({ hospital: null });
    const current = await api(t.baseUrl).get(apiPaths.chat.currentRoom, { token: wanderer.accessToken });
    expect(current.code).toBe(ResultCode.HOSPITAL_NOT_CHOSEN);
    const closed = wanderer.client.closedWithin();
    wanderer.client.publishAndForget(topics.chatRoomEvent(-wanderer.idx, 'message'), msg('병원 미선택'));
    expect(await closed).toBe(true);
    expect(await t.app.db.query(`SELECT 1 FROM chat_messages WHERE content = '병원 미선택'`)).toMatchObject({
      rows: [],
    });
  });

  it('before any room, currentRoom says NONE without an idx and the provisional history is empty', async () => {
    const fresh = await newPatient();
    const current = await api(t.baseUrl).get<ChatRoom>(apiPaths.chat.currentRoom, {
      token: fresh.accessToken,
    });
    expect(current.data).toMatchObject({ status: 'NONE', persons: [], lastMsg: null, hospitalIdx });
    expect(current.data).not.toHaveProperty('idx');
    const page = await history(fresh.accessToken, -fresh.idx);
    expect(page.data).toMatchObject({ dataList: [], totalCount: 0 });
  });
});

describe('two devices at once', () => {
  it('open one room between them, not two', async () => {
    const kim = await newPatient();
    const tablet = await connectTestClient(t.baseUrl, { loginId: kim.loginId, accessToken: kim.accessToken });
    clients.push(tablet);
    const provisional = topics.chatRoomEvent(-kim.idx, 'message');
    await Promise.all([
      kim.client.publish(provisional, msg('휴대폰에서')),
      tablet.publish(provisional, msg('태블릿에서')),
    ]);
    await t.app.broker.settled();
    const { rows } = await t.app.db.query<{ idx: number }>(
      'SELECT idx FROM chat_rooms WHERE patient_idx = $1',
      [kim.idx],
    );
    expect(rows).toHaveLength(1);
    const page = await history(kim.accessToken, rows[0]!.idx);
    expect(
      page
        .data!.dataList.filter((m) => m.personType === 'PATIENT')
        .map((m) => m.content)
        .sort(),
    ).toEqual(['태블릿에서', '휴대폰에서'].sort());
  });
});

describe('a resend', () => {
  it('with the same clientMsgId is stored once and delivered as the stored message', async () => {
    const kim = await newPatient();
    const { roomIdx } = await firstMessage(kim);
    const once = msg('한 번만 저장되어야 해요');
    await kim.client.publish(topics.chatRoomEvent(roomIdx, 'message'), once);
    await kim.client.publish(topics.chatRoomEvent(roomIdx, 'message'), once);
    await t.app.broker.settled();
    const copies = kim.client.received.filter(
      (m) =>
        m.topic === topics.chatRoomEvent(roomIdx, 'message') &&
        (m.payload as ChatMessage).clientMsgId === once.clientMsgId,
    );
    expect(copies).toHaveLength(2);
    expect((copies[0]!.payload as ChatMessage).idx).toBe((copies[1]!.payload as ChatMessage).idx);
    const page = await history(kim.accessToken, roomIdx);
    expect(page.data!.dataList.filter((m) => m.clientMsgId === once.clientMsgId)).toHaveLength(1);
  });

  it('of the first message from the provisional topic lands in the room it created, not a second room', async () => {
    const kim = await newPatient();
    const provisional = -kim.idx;
    await kim.client.subscribe(topics.chatRoomAll(provisional));
    const first = msg('처음 보낸 메시지');
    await kim.client.publish(topics.chatRoomEvent(provisional, 'message'), first);
    await kim.client.publish(topics.chatRoomEvent(provisional, 'message'), first);
    await t.app.broker.settled();
    const { rows } = await t.app.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM chat_rooms WHERE patient_idx = $1',
      [kim.idx],
    );
    expect(rows[0]!.count).toBe(1);
  });
});

describe('the room status through real messages', () => {
  it('goes WAIT → STANDBY → WAIT → COMPLETE, with update events and staff inbox summaries', async () => {
    const kim = await newPatient();
    const staff = await staffClient();
    await staff.subscribe(topics.staffInbox(hospitalIdx, nurse.idx));
    const { roomIdx } = await firstMessage(kim, HANDOFF_PHRASE);
    await staff.subscribe(topics.chatRoomAll(roomIdx));
    await staff.next<StaffInboxEvent>(topics.staffInbox(hospitalIdx, nurse.idx), (e) =>
      e.rooms.some((room) => room.idx === roomIdx && room.status === 'WAIT'),
    );

    await staff.publish(topics.chatRoomEvent(roomIdx, 'message'), msg('안녕하세요, 간호사입니다.'));
    const entered = await kim.client.next<ChatEnterEvent>(topics.chatRoomEvent(roomIdx, 'enter'));
    expect(entered.person).toMatchObject({ personType: 'USER', idx: nurse.idx, name: '박간호' });
    const standby = await kim.client.next<{ room: ChatRoom }>(
      topics.chatRoomEvent(roomIdx, 'update'),
      (e) => e.room.status === 'STANDBY',
    );
    expect(standby.room).toMatchObject({ assigneeIdx: nurse.idx, botActive: false });
    expect(standby.room.firstReplyAt).not.toBeNull();

    await kim.client.publish(topics.chatRoomEvent(roomIdx, 'message'), msg('감사합니다'));
    await kim.client.next<{ room: ChatRoom }>(
      topics.chatRoomEvent(roomIdx, 'update'),
      (e) => e.room.status === 'WAIT',
    );

    await kim.client.publish(topics.chatRoomEvent(roomIdx, 'complete'), {});
    expect(await staff.next(topics.chatRoomEvent(roomIdx, 'complete'))).toEqual({ roomIdx });
    const done = await staff.next<{ room: ChatRoom }>(
      topics.chatRoomEvent(roomIdx, 'update'),
      (e) => e.room.status === 'COMPLETE',
    );
    expect(done.room.completedAt).not.toBeNull();
  });

  it('opens a new room when the patient writes after the end, announced on the finished room', async () => {
    const kim = await newPatient();
    const { roomIdx } = await firstMessage(kim);
    await kim.client.subscribe(topics.chatRoomAll(roomIdx));
    await kim.client.publish(topics.chatRoomEvent(roomIdx, 'complete'), {});
    await kim.client.next(topics.chatRoomEvent(roomIdx, 'complete'));

    const again = msg('다시 문의드려요');
    await kim.client.publish(topics.chatRoomEvent(roomIdx, 'message'), again);
    const { room } = await kim.client.next<{ room: ChatRoom }>(topics.chatRoomEvent(roomIdx, 'create'));
    expect(room.idx).not.toBe(roomIdx);
    // The new room starts with the bot again.
    expect(room.status).toBe('NONE');
    const delivered = await kim.client.next<ChatMessage>(
      topics.chatRoomEvent(room.idx!, 'message'),
      (m) => m.clientMsgId === again.clientMsgId,
    );
    expect(delivered.roomIdx).toBe(room.idx);
  });

  it('refuses staff writing in a finished room', async () => {
    const kim = await newPatient();
    const { roomIdx } = await firstMessage(kim);
    await kim.client.publish(topics.chatRoomEvent(roomIdx, 'complete'), {});
    await t.app.broker.settled();
    const staff = await staffClient();
    const closed = staff.closedWithin();
    staff.publishAndForget(topics.chatRoomEvent(roomIdx, 'message'), msg('늦은 답장'));
    expect(await closed).toBe(true);
    const page = await history(nurse.accessToken, roomIdx);
    expect(page.data!.dataList.map((m) => m.content)).not.toContain('늦은 답장');
  });
});

describe('the chatbot', () => {
  it("answers a question from the hospital's published FAQ with a link to it, stored like any message", async () => {
    const kim = await newPatient();
    const { roomIdx } = await firstMessage(kim, '면회 시간이 언제예요?');
    const answer = await kim.client.next<ChatMessage>(
      topics.chatRoomEvent(roomIdx, 'message'),
      (m) => m.personType === 'CHATBOT',
    );
    expect(answer.content).toContain('면회');
    expect(answer.content).toContain(HANDOFF_PHRASE);
    // The entry it quotes, as published for this hospital: the app opens it from the link.
    const { rows } = await t.app.db.query<{ idx: number; kind: string; title: string }>(
      `SELECT idx, kind, title FROM hospital_contents WHERE hospital_idx = $1 AND title = $2`,
      [hospitalIdx, answer.link?.title ?? ''],
    );
    expect(answer.link).toEqual(rows[0]);
    expect(['면회 시간은 언제인가요?', '면회시간 안내']).toContain(answer.link?.title);
    const page = await history(kim.accessToken, roomIdx);
    expect(page.data!.dataList.at(-1)).toEqual(answer);
  });

  it('says a staff member will reply when it does not know, and leaves the room waiting for staff', async () => {
    const kim = await newPatient();
    const { roomIdx } = await firstMessage(kim, '어제 찍은 엑스레이 판독 결과가 궁금합니다');
    const reply = await kim.client.next<ChatMessage>(
      topics.chatRoomEvent(roomIdx, 'message'),
      (m) => m.personType === 'CHATBOT',
    );
    expect(reply.content).toContain('담당 직원');
    const current = await api(t.baseUrl).get<ChatRoom>(apiPaths.chat.currentRoom, { token: kim.accessToken });
    expect(current.data).toMatchObject({ status: 'WAIT', botActive: true });
  });

  it(`hands the room to staff at once on "${HANDOFF_PHRASE}", replies to every later message, and steps aside when a nurse joins`, async () => {
    const kim = await newPatient();
    const { roomIdx } = await firstMessage(kim, '면회 시간이 언제예요?');
    await kim.client.subscribe(topics.chatRoomAll(roomIdx));
    await t.app.broker.settled();
    await kim.client.publish(topics.chatRoomEvent(roomIdx, 'message'), msg(HANDOFF_PHRASE));
    const handoff = await kim.client.next<{ room: ChatRoom }>(
      topics.chatRoomEvent(roomIdx, 'update'),
      (e) => e.room.status === 'WAIT',
    );
    expect(handoff.room.waitingSince).not.toBeNull();
    await t.app.broker.settled();
    const botReplies = () =>
      kim.client.received
        .filter((m) => m.topic === topics.chatRoomEvent(roomIdx, 'message'))
        .map((m) => m.payload as ChatMessage)
        .filter((m) => m.personType === 'CHATBOT');

    // While the room waits for staff, every message still gets a reply (issue 10 point 3): an
    // answer when the hospital's content has one (issue 14: "퇴원 절차" lists the discharge
    // medicine), else "a staff member will reply".
    const before = botReplies().length;
    await kim.client.publish(topics.chatRoomEvent(roomIdx, 'message'), msg('퇴원하면 약은 어떻게 받아요?'));
    await t.app.broker.settled();
    expect(botReplies()).toHaveLength(before + 1);
    expect(botReplies().at(-1)!.link?.title).toBe('퇴원 절차는 어떻게 되나요?');
    await kim.client.publish(
      topics.chatRoomEvent(roomIdx, 'message'),
      msg('제 퇴원 날짜는 언제로 잡혔나요?'),
    );
    await t.app.broker.settled();
    expect(botReplies()).toHaveLength(before + 2);
    expect(botReplies().at(-1)!.content).toMatch(/담당 직원이 (곧 )?답변드리/);

    // A nurse joins: the patient is told who, then only staff answer.
    const staff = await staffClient();
    await staff.publish(topics.chatRoomEvent(roomIdx, 'enter'), {});
    const joined = await kim.client.next<ChatMessage>(
      topics.chatRoomEvent(roomIdx, 'message'),
      (m) => m.notice === 'STAFF_JOINED',
    );
    expect(joined.content).toBe('박간호 간호사가 상담에 참여했습니다');
    await t.app.broker.settled();
    const afterJoin = botReplies().length;
    await kim.client.publish(topics.chatRoomEvent(roomIdx, 'message'), msg('주차비 얼마예요?'));
    await t.app.broker.settled();
    expect(botReplies()).toHaveLength(afterJoin);
  });
});

describe('a burst of messages', () => {
  const delivered = (client: TestMqttClient, roomIdx: number) =>
    client.received
      .filter((m) => m.topic === topics.chatRoomEvent(roomIdx, 'message'))
      .map((m) => m.payload as ChatMessage);

  it("reaches subscribers in the order the room's messages were stored, whoever sent them, bot answers included", async () => {
    const kim = await newPatient();
    const { roomIdx } = await firstMessage(kim);
    await kim.client.next<ChatMessage>(
      topics.chatRoomEvent(roomIdx, 'message'),
      (m) => m.personType === 'CHATBOT',
    );
    await t.app.broker.settled();
    const watcher = await staffClient();
    await watcher.subscribe(topics.chatRoomAll(roomIdx));

    // Questions the bot knows, sent at once: each is answered, in turn.
    const questions = ['면회 시간은 언제인가요?', '주차비 얼마예요?', '식사 시간 알려주세요'].map(msg);
    for (const sent of questions) kim.client.publishAndForget(topics.chatRoomEvent(roomIdx, 'message'), sent);
    await watcher.next<ChatMessage>(
      topics.chatRoomEvent(roomIdx, 'message'),
      (m) => m.personType === 'CHATBOT' && m.content.includes('식사'),
    );
    // Then the patient and staff write at the same time.
    const staff = await staffClient();
    const patientSent = Array.from({ length: 8 }, (_, i) => msg(`환자 메시지 ${i}`));
    const staffSent = Array.from({ length: 4 }, (_, i) => msg(`간호사 답변 ${i}`));
    patientSent.forEach((sent, i) => {
      kim.client.publishAndForget(topics.chatRoomEvent(roomIdx, 'message'), sent);
      if (i % 2 === 1)
        staff.publishAndForget(topics.chatRoomEvent(roomIdx, 'message'), staffSent[(i - 1) / 2]);
    });
    for (const sent of [...patientSent, ...staffSent]) {
      await watcher.next<ChatMessage>(
        topics.chatRoomEvent(roomIdx, 'message'),
        (m) => m.clientMsgId === sent.clientMsgId,
      );
    }
    await t.app.broker.settled();

    const live = delivered(watcher, roomIdx);
    const stored = (await history(nurse.accessToken, roomIdx, { pSize: 100 })).data!.dataList;
    expect(live).toEqual(stored.slice(-live.length));
    // Each question answered from the FAQ (an answer links its entry), in the order asked.
    // (The bot answers each message as it is stored: the first "환자 메시지" gets its apology
    // before the nurse who wrote at the same time joins.)
    expect(
      live
        .filter((m) => m.personType === 'CHATBOT' && m.link !== null)
        .map((m) => ['면회', '주차', '식사'].find((topic) => m.content.includes(topic))),
    ).toEqual(['면회', '주차', '식사']);
    const order = (sent: { clientMsgId: string }[]) =>
      live.filter((m) => sent.some((s) => s.clientMsgId === m.clientMsgId)).map((m) => m.clientMsgId);
    expect(order(patientSent)).toEqual(patientSent.map((m) => m.clientMsgId));
    expect(order(staffSent)).toEqual(staffSent.map((m) => m.clientMsgId));
  });

  it('gets one reply to each unknown question arriving together: the apology once, then "staff will reply"', async () => {
    const kim = await newPatient();
    const provisional = -kim.idx;
    await kim.client.subscribe(topics.chatRoomAll(provisional));
    for (const content of ['엑스레이 결과가 궁금해요', '혈액검사 수치가 정상인가요', '수술 후 통증이 심해요'])
      kim.client.publishAndForget(topics.chatRoomEvent(provisional, 'message'), msg(content));
    const { room } = await kim.client.next<{ room: ChatRoom }>(topics.chatRoomEvent(provisional, 'create'));
    await t.app.broker.settled();
    const stored = (await history(kim.accessToken, room.idx!, { pSize: 100 })).data!.dataList;
    expect(stored.filter((m) => m.personType === 'PATIENT')).toHaveLength(3);
    expect(stored.filter((m) => m.personType === 'CHATBOT').map((m) => m.content)).toEqual([
      expect.stringContaining('정확히 답변드리기 어려워요'),
      expect.stringContaining('담당 직원이 곧 답변드리겠습니다'),
      expect.stringContaining('담당 직원이 곧 답변드리겠습니다'),
    ]);
  });

  it('publishes change with the new status each time the status changes, and only then', async () => {
    const kim = await newPatient();
    const { roomIdx } = await firstMessage(kim, HANDOFF_PHRASE);
    // The hand-over (NONE → WAIT) follows the stored message: staff start watching after it.
    await t.app.broker.settled();
    const staff = await staffClient();
    await staff.subscribe(topics.chatRoomAll(roomIdx));
    await staff.publish(topics.chatRoomEvent(roomIdx, 'message'), msg('간호사입니다. 말씀하세요.'));
    await kim.client.next<ChatChangeEvent>(
      topics.chatRoomEvent(roomIdx, 'change'),
      (e) => e.status === 'STANDBY',
    );
    // WAIT, then a second patient message that leaves it WAIT.
    await kim.client.publish(topics.chatRoomEvent(roomIdx, 'message'), msg('주사 부위가 부었어요'));
    await kim.client.publish(topics.chatRoomEvent(roomIdx, 'message'), msg('사진을 보낼까요?'));
    await t.app.broker.settled();
    await kim.client.publish(topics.chatRoomEvent(roomIdx, 'complete'), {});
    await staff.next<ChatChangeEvent>(
      topics.chatRoomEvent(roomIdx, 'change'),
      (e) => e.status === 'COMPLETE',
    );
    await t.app.broker.settled();

    const changes = (client: TestMqttClient) =>
      client.received
        .filter((m) => m.topic === topics.chatRoomEvent(roomIdx, 'change'))
        .map((m) => m.payload);
    expect(changes(kim.client)).toEqual([
      { roomIdx, status: 'WAIT' },
      { roomIdx, status: 'STANDBY' },
      { roomIdx, status: 'WAIT' },
      { roomIdx, status: 'COMPLETE' },
    ]);
    expect(changes(staff)).toEqual([
      { roomIdx, status: 'STANDBY' },
      { roomIdx, status: 'WAIT' },
      { roomIdx, status: 'COMPLETE' },
    ]);
  });

  it('leaves the staff inbox showing the room as it is: last message and unread count, never an older summary after a newer one', async () => {
    const kim = await newPatient();
    const { roomIdx } = await firstMessage(kim, HANDOFF_PHRASE);
    await t.app.broker.settled();
    const staff = await staffClient();
    await staff.subscribe(topics.staffInbox(hospitalIdx, nurse.idx));
    const burst = Array.from({ length: 12 }, (_, i) => msg(`빠르게 보낸 메시지 ${i}`));
    for (const sent of burst) kim.client.publishAndForget(topics.chatRoomEvent(roomIdx, 'message'), sent);
    await kim.client.next<ChatMessage>(
      topics.chatRoomEvent(roomIdx, 'message'),
      (m) => m.clientMsgId === burst.at(-1)!.clientMsgId,
    );
    await t.app.broker.settled();

    const summaries = staff.received
      .filter((m) => m.topic === topics.staffInbox(hospitalIdx, nurse.idx))
      .flatMap((m) => (m.payload as StaffInboxEvent).rooms)
      .filter((room) => room.idx === roomIdx);
    const lastIdxs = summaries.map((room) => room.lastMsg!.idx);
    expect(lastIdxs).toEqual([...lastIdxs].sort((a, b) => a - b));
    const stored = (await history(nurse.accessToken, roomIdx, { pSize: 100 })).data!.dataList;
    expect(summaries.at(-1)).toMatchObject({
      status: 'WAIT',
      lastMsg: stored.at(-1),
      unreadCount: stored.filter((m) => m.personType === 'PATIENT').length,
    });
  });

  it('sends a busy room at most one inbox summary per INBOX_INTERVAL_MS, the last one as the room is (issue 11 point 7)', async () => {
    const kim = await newPatient();
    const { roomIdx } = await firstMessage(kim, HANDOFF_PHRASE);
    await t.app.broker.settled();
    const staff = await staffClient();
    await staff.subscribe(topics.staffInbox(hospitalIdx, nurse.idx));
    // Six messages over about a quarter of INBOX_INTERVAL_MS, each delivered before the next is
    // sent: one summary run per message before, one now and one for all the others after the rest.
    const sent = Array.from({ length: 6 }, (_, i) => msg(`연달아 보낸 메시지 ${i}`));
    const started = performance.now();
    for (const message of sent) {
      kim.client.publishAndForget(topics.chatRoomEvent(roomIdx, 'message'), message);
      await kim.client.next<ChatMessage>(
        topics.chatRoomEvent(roomIdx, 'message'),
        (m) => m.clientMsgId === message.clientMsgId,
      );
      await new Promise((resolve) => setTimeout(resolve, INBOX_INTERVAL_MS / 24));
    }
    const elapsed = performance.now() - started;
    await t.app.broker.settled();

    const summaries = staff.received
      .filter((m) => m.topic === topics.staffInbox(hospitalIdx, nurse.idx))
      .flatMap((m) => (m.payload as StaffInboxEvent).rooms)
      .filter((room) => room.idx === roomIdx);
    expect(summaries.length).toBeGreaterThanOrEqual(1);
    // On a slow machine the messages may span more than one interval: one more run for each.
    expect(summaries.length).toBeLessThanOrEqual(2 + Math.floor(elapsed / INBOX_INTERVAL_MS));
    const stored = (await history(nurse.accessToken, roomIdx, { pSize: 100 })).data!.dataList;
    expect(summaries.at(-1)).toMatchObject({
      lastMsg: stored.at(-1),
      unreadCount: stored.filter((m) => m.personType === 'PATIENT').length,
    });
  });

  it('sends one inbox summary for a patient message and the bot answer to it, showing the answer (issue 11 point 7)', async () => {
    const kim = await newPatient();
    const { roomIdx } = await firstMessage(kim, '어제 찍은 엑스레이 판독 결과가 궁금합니다');
    await t.app.broker.settled();
    // Past the rest between summary runs: the question below starts a fresh run at once.
    await new Promise((resolve) => setTimeout(resolve, INBOX_INTERVAL_MS + 100));
    const staff = await staffClient();
    await staff.subscribe(topics.staffInbox(hospitalIdx, nurse.idx));
    await kim.client.publish(topics.chatRoomEvent(roomIdx, 'message'), msg('주차비 얼마예요?'));
    const answer = await kim.client.next<ChatMessage>(
      topics.chatRoomEvent(roomIdx, 'message'),
      (m) => m.personType === 'CHATBOT' && m.content.includes('주차'),
    );
    await t.app.broker.settled();

    const summaries = staff.received
      .filter((m) => m.topic === topics.staffInbox(hospitalIdx, nurse.idx))
      .flatMap((m) => (m.payload as StaffInboxEvent).rooms)
      .filter((room) => room.idx === roomIdx);
    expect(summaries).toHaveLength(1);
    expect(summaries[0]!.lastMsg).toMatchObject({ idx: answer.idx, personType: 'CHATBOT' });
  });

  it('reads and builds inbox packets only for staff members with a console open, not the whole roster (issue 11 point 7)', async () => {
    const away = await createStaff(t.app.db, { hospitalIdx, name: '한간호' });
    const staff = await staffClient();
    await staff.subscribe(topics.staffInbox(hospitalIdx, nurse.idx));
    const publish = vi.spyOn(t.app.broker, 'publish');
    const query = vi.spyOn(t.app.db, 'query');
    try {
      const kim = await newPatient();
      const { roomIdx } = await firstMessage(kim, HANDOFF_PHRASE);
      await kim.client.publish(topics.chatRoomEvent(roomIdx, 'message'), msg('수액이 거의 다 들어갔어요'));
      await t.app.broker.settled();
      const inboxOf = (staffIdx: number) =>
        publish.mock.calls.filter(([topic]) => topic === topics.staffInbox(hospitalIdx, staffIdx));
      expect(inboxOf(nurse.idx).length).toBeGreaterThan(0);
      expect(inboxOf(away.idx)).toEqual([]);
      // The summary statement's second parameter: the members it reads unread counts for.
      const readFor = query.mock.calls
        .filter(([sql]) => String(sql).includes('rr.staff_idx = s.idx'))
        .map(([, params]) => (params as unknown[])[1] as number[]);
      expect(readFor.length).toBeGreaterThan(0);
      for (const staffIdxs of readFor) {
        expect(staffIdxs).toContain(nurse.idx);
        expect(staffIdxs).not.toContain(away.idx);
      }
    } finally {
      publish.mockRestore();
      query.mockRestore();
    }
  });

  it('counts unread per staff member, the same live and in GET /chat/rooms; marking read updates only that member', async () => {
    const second = await createStaff(t.app.db, { hospitalIdx, name: '최간호' });
    const other = {
      idx: second.idx,
      loginId: second.loginId,
      accessToken: (await loginStaff(t.baseUrl, second)).accessToken,
    };
    const park = await staffClient();
    const choi = await connectTestClient(t.baseUrl, other);
    clients.push(choi);
    expect(await park.subscribe(topics.staffInbox(hospitalIdx, nurse.idx))).toBe(true);
    expect(await choi.subscribe(topics.staffInbox(hospitalIdx, other.idx))).toBe(true);

    const kim = await newPatient();
    const { roomIdx } = await firstMessage(kim, HANDOFF_PHRASE);
    await kim.client.publish(topics.chatRoomEvent(roomIdx, 'message'), msg('링거가 다 들어갔어요'));
    await t.app.broker.settled();
    // A subscribe answered means every packet the broker wrote before it has arrived.
    const caughtUp = () =>
      Promise.all([
        park.subscribe(topics.staffInbox(hospitalIdx, nurse.idx)),
        choi.subscribe(topics.staffInbox(hospitalIdx, other.idx)),
      ]);
    await caughtUp();
    const lastSummary = (client: TestMqttClient, staffIdx: number) =>
      client.received
        .filter((m) => m.topic === topics.staffInbox(hospitalIdx, staffIdx))
        .flatMap((m) => (m.payload as StaffInboxEvent).rooms)
        .filter((room) => room.idx === roomIdx)
        .at(-1);
    const restUnread = async (token: string) => {
      const rooms = await api(t.baseUrl).get<ChatRoomSummary[]>(apiPaths.chat.rooms, { token });
      return rooms.data!.find((room) => room.idx === roomIdx)?.unreadCount;
    };
    expect(lastSummary(park, nurse.idx)?.unreadCount).toBe(2);
    expect(lastSummary(choi, other.idx)?.unreadCount).toBe(2);
    expect(await restUnread(nurse.accessToken)).toBe(2);
    expect(await restUnread(other.accessToken)).toBe(2);

    // Park reads the room: her inbox says so at once, Choi's is neither changed nor told.
    const stored = (await history(nurse.accessToken, roomIdx)).data!.dataList;
    const choiSeen = choi.received.length;
    const read = await api(t.baseUrl).put(apiPaths.chat.markRead, {
      token: nurse.accessToken,
      body: { roomIdx, lastReadMsgIdx: stored.at(-1)!.idx },
    });
    expect(read.status).toBe(200);
    await caughtUp();
    expect(lastSummary(park, nurse.idx)?.unreadCount).toBe(0);
    expect(await restUnread(nurse.accessToken)).toBe(0);
    expect(await restUnread(other.accessToken)).toBe(2);
    expect(choi.received.slice(choiSeen)).toEqual([]);

    // The patient writes again: one unread for Park, three for Choi, live and over REST.
    await kim.client.publish(topics.chatRoomEvent(roomIdx, 'message'), msg('그리고 화장실에 가고 싶어요'));
    await t.app.broker.settled();
    await caughtUp();
    expect(lastSummary(park, nurse.idx)?.unreadCount).toBe(1);
    expect(lastSummary(choi, other.idx)?.unreadCount).toBe(3);
    expect(await restUnread(nurse.accessToken)).toBe(1);
    expect(await restUnread(other.accessToken)).toBe(3);
    // Nobody receives another member's summaries.
    expect(park.received.some((m) => m.topic === topics.staffInbox(hospitalIdx, other.idx))).toBe(false);
  });

  it('delivers exactly what was stored, even text the database has to mend (a lone surrogate)', async () => {
    const kim = await newPatient();
    const { roomIdx } = await firstMessage(kim);
    const odd = msg('깨진 글자 \ud800 포함');
    await kim.client.publish(topics.chatRoomEvent(roomIdx, 'message'), odd);
    const live = await kim.client.next<ChatMessage>(
      topics.chatRoomEvent(roomIdx, 'message'),
      (m) => m.clientMsgId === odd.clientMsgId,
    );
    expect(live.content).toBe('깨진 글자 \uFFFD 포함');
    const stored = (await history(kim.accessToken, roomIdx, { pSize: 100 })).data!.dataList;
    expect(stored.find((m) => m.idx === live.idx)).toEqual(live);
  });
});

describe('staff entering', () => {
  it('adds them to the persons of the room, announced to the patient', async () => {
    const kim = await newPatient();
    const { roomIdx } = await firstMessage(kim);
    await kim.client.subscribe(topics.chatRoomAll(roomIdx));
    const staff = await staffClient();
    await staff.publish(topics.chatRoomEvent(roomIdx, 'enter'), {});
    const entered = await kim.client.next<ChatEnterEvent>(topics.chatRoomEvent(roomIdx, 'enter'));
    expect(entered).toEqual({ roomIdx, person: { personType: 'USER', idx: nurse.idx, name: '박간호' } });
    const current = await api(t.baseUrl).get<ChatRoom>(apiPaths.chat.currentRoom, { token: kim.accessToken });
    expect(current.data!.persons).toContainEqual({ personType: 'USER', idx: nurse.idx, name: '박간호' });
  });
});

describe('reading history over REST', () => {
  it('pages newest first, each page oldest → newest', async () => {
    const kim = await newPatient();
    const { roomIdx } = await firstMessage(kim, '하나');
    await t.app.broker.settled();
    for (const content of ['둘', '셋', '넷', '다섯']) {
      await kim.client.publish(topics.chatRoomEvent(roomIdx, 'message'), msg(content));
      await t.app.broker.settled();
    }
    const patientOnly = (page: Page<ChatMessage>) =>
      page.dataList.filter((m) => m.personType === 'PATIENT').map((m) => m.content);
    const all = (await history(kim.accessToken, roomIdx, { pSize: 100 })).data!;
    expect(patientOnly(all)).toEqual(['하나', '둘', '셋', '넷', '다섯']);
    const newest = (await history(kim.accessToken, roomIdx, { pSize: 2 })).data!;
    expect(newest.dataList.map((m) => m.idx)).toEqual(all.dataList.slice(-2).map((m) => m.idx));
    const older = (await history(kim.accessToken, roomIdx, { pSize: 2, pNum: 2 })).data!;
    expect(older.dataList.map((m) => m.idx)).toEqual(all.dataList.slice(-4, -2).map((m) => m.idx));
    expect(newest.totalCount).toBe(all.totalCount);
  });

  it("keeps each patient to their own rooms and staff to their hospital's", async () => {
    const kim = await newPatient();
    const lee = await newPatient({ name: '이환자' });
    const { roomIdx } = await firstMessage(kim);
    expect((await history(lee.accessToken, roomIdx)).code).toBe(ResultCode.FORBIDDEN);
    expect((await history(lee.accessToken, -kim.idx)).code).toBe(ResultCode.FORBIDDEN);
    expect((await history(kim.accessToken, roomIdx, { hospitalIdx: otherHospitalIdx })).code).toBe(
      ResultCode.FORBIDDEN,
    );
    const outsider = await createStaff(t.app.db, { hospitalIdx: otherHospitalIdx });
    const outsiderToken = (await loginStaff(t.baseUrl, outsider)).accessToken;
    expect((await history(outsiderToken, roomIdx)).code).toBe(ResultCode.FORBIDDEN);
    expect((await history(outsiderToken, roomIdx, { hospitalIdx: otherHospitalIdx })).code).toBe(
      ResultCode.FORBIDDEN,
    );
    expect((await history(nurse.accessToken, roomIdx)).code).toBe(0);
  });

  it('writes every read of a conversation to the audit log', async () => {
    const kim = await newPatient();
    const { roomIdx } = await firstMessage(kim);
    await history(nurse.accessToken, roomIdx);
    const { rows } = await t.app.db.query<{
      actor_type: string;
      actor_idx: number;
      detail: { roomIdx: number };
    }>(
      `SELECT actor_type, actor_idx, detail FROM audit_log WHERE action = 'chat.messages.read' AND patient_idx = $1`,
      [kim.idx],
    );
    expect(rows).toContainEqual(expect.objectContaining({ actor_type: 'staff', actor_idx: nurse.idx }));
    // The patient opening their room, and staff looking at the inbox, are reads too.
    await api(t.baseUrl).get(apiPaths.chat.currentRoom, { token: kim.accessToken });
    await api(t.baseUrl).get(apiPaths.chat.rooms, { token: nurse.accessToken });
    const { rows: others } = await t.app.db.query<{ action: string }>(
      `SELECT action FROM audit_log WHERE action IN ('chat.room.read', 'chat.inbox.read') AND actor_idx IN ($1, $2)`,
      [kim.idx, nurse.idx],
    );
    expect(new Set(others.map((row) => row.action))).toEqual(new Set(['chat.room.read', 'chat.inbox.read']));
  });
});

describe('the staff inbox', () => {
  it('lists waiting rooms first, longest waiting first, with unread counts until marked read', async () => {
    const inboxHospital = (await createHospital(t.app.db, { name: '인박스병원' })).idx;
    const staff = await createStaff(t.app.db, { hospitalIdx: inboxHospital });
    const token = (await loginStaff(t.baseUrl, staff)).accessToken;
    const early = await newPatient({ hospital: inboxHospital, name: '먼저온환자' });
    const late = await newPatient({ hospital: inboxHospital, name: '나중온환자' });
    const earlyRoom = (await firstMessage(early, '엑스레이 결과 문의')).roomIdx;
    await t.app.broker.settled();
    const lateRoom = (await firstMessage(late, '엑스레이 결과 문의')).roomIdx;
    await t.app.broker.settled();

    const rooms = await api(t.baseUrl).get<ChatRoomSummary[]>(apiPaths.chat.rooms, { token });
    expect(rooms.data!.map((room) => room.idx)).toEqual([earlyRoom, lateRoom]);
    expect(rooms.data![0]).toMatchObject({ status: 'WAIT', unreadCount: 1, patientName: '먼저온환자' });

    const lastIdx = rooms.data![0]!.lastMsg!.idx;
    expect(
      (
        await api(t.baseUrl).put(apiPaths.chat.markRead, {
          token,
          body: { roomIdx: earlyRoom, lastReadMsgIdx: lastIdx },
        })
      ).code,
    ).toBe(0);
    const after = await api(t.baseUrl).get<ChatRoomSummary[]>(apiPaths.chat.rooms, { token });
    expect(after.data!.find((room) => room.idx === earlyRoom)!.unreadCount).toBe(0);

    // Another hospital's staff cannot mark it, nor see it.
    const outsider = (
      await loginStaff(t.baseUrl, await createStaff(t.app.db, { hospitalIdx: otherHospitalIdx }))
    ).accessToken;
    expect(
      (
        await api(t.baseUrl).put(apiPaths.chat.markRead, {
          token: outsider,
          body: { roomIdx: earlyRoom, lastReadMsgIdx: lastIdx },
        })
      ).code,
    ).toBe(ResultCode.FORBIDDEN);
    const theirs = await api(t.baseUrl).get<ChatRoomSummary[]>(apiPaths.chat.rooms, { token: outsider });
    expect(theirs.data!.map((room) => room.idx)).not.toContain(earlyRoom);
  });

  it('is for staff only', async () => {
    const kim = await newPatient();
    expect((await api(t.baseUrl).get(apiPaths.chat.rooms, { token: kim.accessToken })).code).toBe(
      ResultCode.NOT_LOGGED_IN,
    );
  });
});
