import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import {
  HANDOFF_PHRASE,
  type ChatMessage,
  type ChatRoom,
  type ChatRoomSummary,
  type StaffInboxEvent,
} from '@smartcare/contract/chat';
import { topics } from '@smartcare/contract/topics';
import { connectTestClient, type TestMqttClient } from '../../plugins/broker/broker-test-client.ts';
import { seedDemoHospitalContent } from '../../db/demo-hospital-content.ts';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import {
  api,
  createHospital,
  createPatient,
  createStaff,
  loginPatient,
  loginStaff,
} from '../../testing/factories.ts';

/**
 * Issue 10 points 3, 4 and 5 (decision 011) over the real broker and database: a room the bot
 * answers stays out of the staff waiting queue; asking for staff, an unanswerable question and
 * an urgent message put it there; urgent meaning gets the emergency guidance and flags the room
 * at the top of every inbox of its hospital; staff see who the patient is.
 */
let t: TestApp;
let hospitalIdx: number;
let otherHospitalIdx: number;
let clients: TestMqttClient[] = [];
type Staff = { idx: number; loginId: string; accessToken: string };
let nurse: Staff;
let secondNurse: Staff;
let otherNurse: Staff;

let seq = 0;
const msg = (content: string) => ({ clientMsgId: `e-${++seq}`, content });

async function staffAt(hospital: number, name: string): Promise<Staff> {
  const staff = await createStaff(t.app.db, { hospitalIdx: hospital, name });
  return {
    idx: staff.idx,
    loginId: staff.loginId,
    accessToken: (await loginStaff(t.baseUrl, staff)).accessToken,
  };
}

async function patient(fields: Parameters<typeof createPatient>[1] = {}) {
  const created = await createPatient(t.app.db, { choseHospitalIdx: hospitalIdx, ...fields });
  const { accessToken } = await loginPatient(t.baseUrl, created);
  const client = await connectTestClient(t.baseUrl, { loginId: created.loginId, accessToken });
  clients.push(client);
  return { ...created, accessToken, client };
}

/** Sends the patient's first message and waits for the bot's reply to it. */
async function ask(who: Awaited<ReturnType<typeof patient>>, content: string) {
  const provisional = -who.idx;
  await who.client.subscribe(topics.chatRoomAll(provisional));
  await who.client.publish(topics.chatRoomEvent(provisional, 'message'), msg(content));
  const { room } = await who.client.next<{ room: ChatRoom }>(topics.chatRoomEvent(provisional, 'create'));
  const roomIdx = room.idx!;
  const reply = await who.client.next<ChatMessage>(
    topics.chatRoomEvent(roomIdx, 'message'),
    (m) => m.personType === 'CHATBOT',
  );
  await t.app.broker.settled();
  return { roomIdx, reply };
}

const current = async (token: string) =>
  (await api(t.baseUrl).get<ChatRoom>(apiPaths.chat.currentRoom, { token })).data!;
const inbox = async (staff: Staff, query: Record<string, string> = {}) =>
  (await api(t.baseUrl).get<ChatRoomSummary[]>(apiPaths.chat.rooms, { token: staff.accessToken, query }))
    .data!;

beforeAll(async () => {
  t = await buildTestApp();
  const hospital = await createHospital(t.app.db, { name: '스마트종합병원' });
  hospitalIdx = hospital.idx;
  // The bot answers from the hospital's published FAQ and guides (issue 14): the demo content.
  await seedDemoHospitalContent(t.app.db, { idx: hospital.idx, name: hospital.name, phone: hospital.phone });
  otherHospitalIdx = (await createHospital(t.app.db, { name: '다른병원' })).idx;
  nurse = await staffAt(hospitalIdx, '이간호');
  secondNurse = await staffAt(hospitalIdx, '최간호');
  otherNurse = await staffAt(otherHospitalIdx, '정간호');
});

afterEach(async () => {
  await Promise.allSettled(clients.map((client) => client.close()));
  clients = [];
});

afterAll(async () => {
  await t?.close();
});

describe('a room the bot is handling (decision 011)', () => {
  it('stays NONE after an answered question, out of the waiting queue, listed under the bot filter', async () => {
    const kim = await patient();
    const { roomIdx, reply } = await ask(kim, '면회 시간이 언제예요?');
    expect(reply.content).toContain('면회');
    expect(reply.content).toContain(`아래 '${HANDOFF_PHRASE}' 버튼을 눌러 주세요`);
    expect(await current(kim.accessToken)).toMatchObject({
      idx: roomIdx,
      status: 'NONE',
      waitingSince: null,
    });
    expect((await inbox(nurse)).map((room) => room.idx)).not.toContain(roomIdx);
    expect((await inbox(nurse, { status: 'WAIT' })).map((room) => room.idx)).not.toContain(roomIdx);
    const bot = await inbox(nurse, { status: 'BOT' });
    expect(bot.find((room) => room.idx === roomIdx)).toMatchObject({ status: 'NONE', botActive: true });
  });

  it(`goes WAIT when the patient asks for staff ("${HANDOFF_PHRASE}")`, async () => {
    const kim = await patient();
    const { roomIdx } = await ask(kim, '면회 시간이 언제예요?');
    await kim.client.publish(topics.chatRoomEvent(roomIdx, 'message'), msg(HANDOFF_PHRASE));
    await kim.client.next<ChatMessage>(
      topics.chatRoomEvent(roomIdx, 'message'),
      (m) => m.personType === 'CHATBOT' && m.content.includes('연결해 드릴게요'),
    );
    await t.app.broker.settled();
    expect(await current(kim.accessToken)).toMatchObject({ status: 'WAIT', urgentAt: null });
    expect((await inbox(nurse)).find((room) => room.idx === roomIdx)).toMatchObject({ status: 'WAIT' });
  });

  it('replies to a question it cannot answer and puts the room in the waiting queue', async () => {
    const kim = await patient();
    const { roomIdx, reply } = await ask(kim, '어제 찍은 엑스레이 판독 결과가 궁금합니다');
    expect(reply.content).toContain('담당 직원');
    expect(reply.notice).toBeNull();
    expect(await current(kim.accessToken)).toMatchObject({ status: 'WAIT' });
    expect((await inbox(nurse)).map((room) => room.idx)).toContain(roomIdx);
  });
});

describe('an urgent message', () => {
  it('gets the emergency guidance at once, flags the room WAIT and puts it on top of every inbox of its hospital', async () => {
    // An older room already waiting: the urgent one must still come first.
    const waiting = await patient({ name: '박대기' });
    const { roomIdx: waitingRoom } = await ask(waiting, '어제 찍은 엑스레이 판독 결과가 궁금합니다');

    const watchers = await Promise.all(
      [nurse, secondNurse].map(async (staff) => {
        const client = await connectTestClient(t.baseUrl, staff);
        clients.push(client);
        await client.subscribe(topics.staffInbox(hospitalIdx, staff.idx));
        return { staff, client };
      }),
    );
    const kim = await patient({ name: '김응급' });
    const { roomIdx, reply } = await ask(kim, '가슴이 너무 아프고 숨이 차요');
    expect(reply.notice).toBe('URGENT');
    expect(reply.content).toContain('119');
    expect(reply.content).toContain('간호사 호출');
    expect(reply.content).not.toContain('정확히 답변드리기 어려워요');

    const room = await current(kim.accessToken);
    expect(room).toMatchObject({ status: 'WAIT' });
    expect(room.urgentAt).not.toBeNull();
    for (const { staff, client } of watchers) {
      // Live: the inbox topic of each staff member of the hospital carries the flag.
      const live = await client.next<StaffInboxEvent>(topics.staffInbox(hospitalIdx, staff.idx), (e) =>
        e.rooms.some((r) => r.idx === roomIdx && r.urgentAt != null),
      );
      expect(live.rooms.find((r) => r.idx === roomIdx)!.status).toBe('WAIT');
      const listed = await inbox(staff);
      expect(listed[0]).toMatchObject({ idx: roomIdx, status: 'WAIT' });
      expect(listed.map((r) => r.idx)).toContain(waitingRoom);
    }
    // Another hospital's staff never see it.
    expect((await inbox(otherNurse)).map((r) => r.idx)).not.toContain(roomIdx);
  });

  it('about self-harm gives 109 and 119', async () => {
    const kim = await patient();
    const { reply } = await ask(kim, '요즘 너무 힘들어서 죽고 싶어요');
    expect(reply.notice).toBe('URGENT_SELF_HARM');
    expect(reply.content).toContain('109');
    expect(reply.content).toContain('119');
    expect((await current(kim.accessToken)).urgentAt).not.toBeNull();
  });

  it('about a double dose gets the poisoning guidance and flags the room, not a generic "passed on"', async () => {
    const kim = await patient();
    const { roomIdx, reply } = await ask(kim, '약을 두 번 먹은 것 같아요 어떡하죠');
    expect(reply.notice).toBe('URGENT');
    expect(reply.content).toContain('119');
    expect(reply.content).toContain('토하지 마세요');
    expect(reply.content).not.toContain('전달했어요');
    expect(await current(kim.accessToken)).toMatchObject({ status: 'WAIT' });
    expect((await current(kim.accessToken)).urgentAt).not.toBeNull();

    // The inbox says why the room is urgent, also once later messages have come in (live too).
    const watcher = await connectTestClient(t.baseUrl, nurse);
    clients.push(watcher);
    await watcher.subscribe(topics.staffInbox(hospitalIdx, nurse.idx));
    await kim.client.publish(topics.chatRoomEvent(roomIdx, 'message'), msg('면회 시간은 언제예요?'));
    const live = await watcher.next<StaffInboxEvent>(topics.staffInbox(hospitalIdx, nurse.idx), (e) =>
      e.rooms.some(
        (r) => r.idx === roomIdx && r.lastMsg?.personType === 'CHATBOT' && r.lastMsg.notice == null,
      ),
    );
    const urgentMessage = { content: '약을 두 번 먹은 것 같아요 어떡하죠', createdAt: expect.any(String) };
    expect(live.rooms.find((r) => r.idx === roomIdx)!.urgentMessage).toEqual(urgentMessage);
    const listed = (await inbox(nurse)).find((r) => r.idx === roomIdx)!;
    expect(listed.urgentMessage).toEqual(urgentMessage);
    expect(Date.parse(listed.urgentMessage!.createdAt)).toBeLessThanOrEqual(Date.parse(listed.urgentAt!));
    // A room that never was urgent has none.
    const calm = await patient();
    const { roomIdx: calmRoom } = await ask(calm, '어제 찍은 엑스레이 판독 결과가 궁금합니다');
    expect((await inbox(nurse)).find((r) => r.idx === calmRoom)!.urgentMessage).toBeNull();
  });

  it('still gets the guidance and the flag after a nurse has taken the room', async () => {
    const kim = await patient();
    const { roomIdx } = await ask(kim, HANDOFF_PHRASE);
    const staff = await connectTestClient(t.baseUrl, nurse);
    clients.push(staff);
    await staff.publish(topics.chatRoomEvent(roomIdx, 'message'), msg('간호사입니다. 말씀하세요.'));
    await t.app.broker.settled();
    await kim.client.publish(topics.chatRoomEvent(roomIdx, 'message'), msg('숨이 안 쉬어져'));
    const guidance = await kim.client.next<ChatMessage>(
      topics.chatRoomEvent(roomIdx, 'message'),
      (m) => m.notice === 'URGENT',
    );
    expect(guidance.content).toContain('119');
    await t.app.broker.settled();
    expect(await current(kim.accessToken)).toMatchObject({ status: 'WAIT', botActive: false });
    expect((await current(kim.accessToken)).urgentAt).not.toBeNull();
  });
});

describe('who the patient is, for staff (issue 10 point 5)', () => {
  it('tells two patients with the same name apart: number, age, sex, allergies and their note', async () => {
    const older = await patient({ name: '김동명', birthDate: '1950-03-02', sex: 'M' });
    const younger = await patient({ name: '김동명', birthDate: '1990-07-15', sex: 'F' });
    await t.app.db.query(`UPDATE patients SET description = $2 WHERE idx = $1`, [
      older.idx,
      '보청기 사용, 크게 말씀해 주세요',
    ]);
    await t.app.db.query(`INSERT INTO body_info (patient_idx, allergies) VALUES ($1, $2)`, [
      younger.idx,
      '페니실린',
    ]);
    // Only the older one is admitted here; the younger one's stay elsewhere is not this hospital's to show.
    await t.app.db.query(
      `INSERT INTO admissions (patient_idx, hospital_idx, patient_name, ward, bed, admitted_by_idx)
       VALUES ($1, $2, '김동명', '7병동', '703-2', $3), ($4, $5, '김동명', '3병동', '301-1', $6)`,
      [older.idx, hospitalIdx, nurse.idx, younger.idx, otherHospitalIdx, otherNurse.idx],
    );
    const { roomIdx: olderRoom } = await ask(older, HANDOFF_PHRASE);
    const { roomIdx: youngerRoom } = await ask(younger, HANDOFF_PHRASE);
    const listed = await inbox(nurse);
    const info = (roomIdx: number) => listed.find((room) => room.idx === roomIdx)!.patientInfo;
    const ageOn = (birth: string) => {
      const now = new Date();
      const [y, m, d] = birth.split('-').map(Number) as [number, number, number];
      return (
        now.getFullYear() -
        y -
        (now.getMonth() + 1 < m || (now.getMonth() + 1 === m && now.getDate() < d) ? 1 : 0)
      );
    };
    expect(info(olderRoom)).toEqual({
      patientNo: older.idx,
      age: ageOn('1950-03-02'),
      sex: 'M',
      allergies: '',
      note: '보청기 사용, 크게 말씀해 주세요',
      ward: '7병동',
      bed: '703-2',
    });
    expect(info(youngerRoom)).toEqual({
      patientNo: younger.idx,
      age: ageOn('1990-07-15'),
      sex: 'F',
      allergies: '페니실린',
      note: '',
      ward: null,
      bed: null,
    });
  });
});
