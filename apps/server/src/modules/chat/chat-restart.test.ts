import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { ChatMessage, ChatRoom } from '@smartcare/contract/chat';
import type { Page } from '@smartcare/contract/paging';
import { topics } from '@smartcare/contract/topics';
import { connectTestClient } from '../../plugins/broker/broker-test-client.ts';
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
 * Nothing a patient sent is lost (brief §4): the server restarts in the middle of a
 * conversation on the same data directory, and both sides reconnect and catch up.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'smartcare-chat-restart-'));
let current: TestApp | undefined;

afterAll(async () => {
  await current?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('a server restart in the middle of a conversation', () => {
  it('loses nothing: every acknowledged message is there after it, and the conversation goes on', async () => {
    current = await buildTestApp({ config: { dataDir } });
    const { tokenSecret } = current.config;
    const hospital = await createHospital(current.app.db, { name: '재시작병원' });
    const patientAccount = await createPatient(current.app.db, {
      name: '한환자',
      choseHospitalIdx: hospital.idx,
    });
    const staffAccount = await createStaff(current.app.db, { hospitalIdx: hospital.idx, name: '오간호' });
    const patient = {
      loginId: patientAccount.loginId,
      accessToken: (await loginPatient(current.baseUrl, patientAccount)).accessToken,
    };
    const staff = {
      loginId: staffAccount.loginId,
      accessToken: (await loginStaff(current.baseUrl, staffAccount)).accessToken,
    };

    // Before: the patient opens a room, staff answer, the patient writes once more.
    let phone = await connectTestClient(current.baseUrl, patient);
    await phone.subscribe(topics.chatRoomAll(-patientAccount.idx));
    await phone.publish(topics.chatRoomEvent(-patientAccount.idx, 'message'), {
      clientMsgId: 'r-1',
      content: '수술 전날 금식은 언제부터인가요?',
    });
    const { room } = await phone.next<{ room: ChatRoom }>(
      topics.chatRoomEvent(-patientAccount.idx, 'create'),
    );
    const roomIdx = room.idx!;
    let desk = await connectTestClient(current.baseUrl, staff);
    await desk.publish(topics.chatRoomEvent(roomIdx, 'message'), {
      clientMsgId: 's-1',
      content: '자정부터 금식하시면 됩니다.',
    });
    await phone.next<ChatMessage>(topics.chatRoomEvent(roomIdx, 'message'), (m) => m.clientMsgId === 's-1');
    // Acknowledged (PUBACK) and then the server goes down at once.
    await phone.publish(topics.chatRoomEvent(roomIdx, 'message'), {
      clientMsgId: 'r-2',
      content: '물도 마시면 안 되나요?',
    });
    await Promise.all([phone.close(), desk.close()]);
    await current.app.close();

    // After: the same data directory, a new process (and port).
    current = await buildTestApp({ config: { dataDir, tokenSecret } });
    desk = await connectTestClient(current.baseUrl, staff);
    expect(await desk.subscribe(topics.chatRoomAll(roomIdx))).toBe(true);
    await desk.publish(topics.chatRoomEvent(roomIdx, 'message'), {
      clientMsgId: 's-2',
      content: '네, 물도 드시면 안 됩니다.',
    });

    // The patient comes back later and catches up through the history.
    phone = await connectTestClient(current.baseUrl, patient);
    expect(await phone.subscribe(topics.chatRoomAll(roomIdx))).toBe(true);
    const page = await api(current.baseUrl).get<Page<ChatMessage>>(apiPaths.chat.messages, {
      token: patient.accessToken,
      query: { roomIdx, hospitalIdx: hospital.idx, pNum: 1, pSize: 50 },
    });
    const ids = page.data!.dataList.map((m) => m.clientMsgId).filter(Boolean);
    expect(ids).toEqual(['r-1', 's-1', 'r-2', 's-2']);

    // The room picked up where it was, and live delivery works again.
    const currentRoom = await api(current.baseUrl).get<ChatRoom>(apiPaths.chat.currentRoom, {
      token: patient.accessToken,
    });
    expect(currentRoom.data).toMatchObject({ idx: roomIdx, status: 'STANDBY' });
    await phone.publish(topics.chatRoomEvent(roomIdx, 'message'), {
      clientMsgId: 'r-3',
      content: '알겠습니다. 감사합니다.',
    });
    await desk.next<ChatMessage>(topics.chatRoomEvent(roomIdx, 'message'), (m) => m.clientMsgId === 'r-3');
    await Promise.all([phone.close(), desk.close()]);
    // Two cold starts of the embedded database: allow for a busy machine.
  }, 120_000);
});
