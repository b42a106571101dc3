import { apiPaths } from '@smartcare/contract/api-paths';
import type { NurseCallEvent } from '@smartcare/contract/nurse-call';
import { topics } from '@smartcare/contract/topics';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import {
  chatRoom,
  createTestRealtime,
  nurseCall,
  realtimePatient,
  signInRealtimePatient,
} from '../../testing/realtime-fakes';
import { onNurseCallEvent, requestNurseCall } from './nurse-call-realtime';

// Moved from lib/realtime.test.ts with the nurse call (issue 11); assertions as they were.
const profile = realtimePatient;
let test: ReturnType<typeof createTestRealtime>;

async function connectedInRoom12() {
  mockApi({
    [`GET ${apiPaths.chat.currentRoom}`]: () => ({ body: ok(chatRoom()) }),
    [`GET ${apiPaths.chat.messages}`]: () => ({
      body: ok({ dataList: [], totalCount: 0, pNum: 1, pSize: 30 }),
    }),
  });
  test.rt.start(profile);
  await vi.waitFor(() => expect(test.clients).toHaveLength(1));
  test.clients[0]!.accept();
  await vi.waitFor(() => expect(test.rt.snapshot().load).toBe('ready'));
  return test.clients[0]!;
}

beforeEach(() => {
  test = createTestRealtime();
  signInRealtimePatient();
});
afterEach(() => {
  test.rt.stop();
});

describe('the nurse call over the real-time connection', () => {
  // Moved from the chat's tests: the patient's nurse-call topic is the feature's to subscribe.
  it('listens on the patient’s own nurse-call topic, also on a renewed connection', async () => {
    const client = await connectedInRoom12();
    const off = onNurseCallEvent(test.connection, () => undefined);
    await vi.waitFor(() => expect(client.subscribed).toContain(topics.nurseCallingPatient(1, 7)));
    off();
    await vi.waitFor(() => expect(client.unsubscribed).toContain(topics.nurseCallingPatient(1, 7)));
  });

  it('passes nurse-call updates to their listeners', async () => {
    const client = await connectedInRoom12();
    const events: NurseCallEvent[] = [];
    onNurseCallEvent(test.connection, (event) => events.push(event));
    // A whole call as the server sends it: payloads are read with the contract's schema.
    const call = nurseCall({ idx: 9, status: 'ACKNOWLEDGED' });
    client.deliver(topics.nurseCallingPatient(1, 7), { event: 'update', call });
    expect(events).toEqual([{ event: 'update', call }]);
  });

  it('ignores a nurse-call event that does not fit the contract (issue 11)', async () => {
    const client = await connectedInRoom12();
    const events: NurseCallEvent[] = [];
    onNurseCallEvent(test.connection, (event) => events.push(event));
    client.deliver(topics.nurseCallingPatient(1, 7), { event: 'update', call: { idx: 9, status: 'DONE' } });
    expect(events).toEqual([]);
  });

  it('publishes a nurse call to the hospital with a client call id, and refuses while offline', async () => {
    const client = await connectedInRoom12();
    const clientCallId = await requestNurseCall(test.connection, 'PAIN');
    expect(client.published).toEqual([
      { topic: 'nurseCalling/1', payload: { clientCallId, reason: 'PAIN' } },
    ]);
    client.drop();
    await expect(requestNurseCall(test.connection, 'WATER')).rejects.toThrow('realtime offline');
  });
});
