import { apiPaths } from '@smartcare/contract/api-paths';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsultingChat } from '../features/consulting/consulting-realtime';
import { endSession } from '../lib/api-client';
import { notifyLogin, notifyLogout } from '../lib/realtime-seam';
import { session } from '../lib/session';
import { storageKeys } from '../lib/storage-keys';
import { ok, patientProfile } from '../testing/factories';
import { mockApi } from '../testing/mock-api';
import type { FakeBrokerClient } from '../testing/realtime-fakes';
import { chatRoom, createTestRealtime } from '../testing/realtime-fakes';
import { startRealtimeWithSession } from './realtime-session';

// Moved from lib/realtime.test.ts with the session wiring (issue 11); assertions as they were.

const flush = () => vi.waitFor(() => undefined);

let clients: FakeBrokerClient[];
let rt: ConsultingChat;
const profile = patientProfile({
  idx: 7,
  loginId: 'demo',
  choseHospitalIdx: 1,
  choseHospitalName: '서울중앙병원',
});

function lastClient(): FakeBrokerClient {
  const client = clients.at(-1);
  if (!client) throw new Error('no connection was opened');
  return client;
}

/** A new connection and chat over the same localStorage: what the app has after a reload. */
function newRealtime(): ConsultingChat {
  return createTestRealtime(clients).rt;
}

beforeEach(() => {
  clients = [];
  session.setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  session.setLoginId('demo');
  session.setMyData(profile);
  rt = newRealtime();
});

afterEach(() => {
  rt.stop();
  vi.unstubAllGlobals();
});

describe('the session seam (spec §4, §5)', () => {
  it('starts after a login with a chosen hospital, waits for one otherwise, and ends on logout', async () => {
    session.clear();
    const stopWatching = startRealtimeWithSession(rt);
    try {
      const noHospital = patientProfile({ idx: 7, loginId: 'demo', choseHospitalIdx: null });
      session.setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
      session.setMyData(noHospital);
      await notifyLogin(noHospital);
      await flush();
      expect(clients).toHaveLength(0);

      // Choosing a hospital later stores the new profile: the connection starts then.
      session.setMyData(profile);
      await vi.waitFor(() => expect(clients).toHaveLength(1));

      await notifyLogout();
      expect(lastClient().ended).toBe(true);
      expect(rt.snapshot().connection).toBe('idle');
    } finally {
      stopWatching();
    }
  });
});

describe('pending messages across a reload (nothing a patient sent is lost)', () => {
  const storedPending = () => window.localStorage.getItem(storageKeys.pendingChat);

  it('is forgotten on logout, together with the session', async () => {
    mockApi({
      [`GET ${apiPaths.chat.currentRoom}`]: () => ({ body: ok(chatRoom()) }),
      [`GET ${apiPaths.chat.messages}`]: () => ({
        body: ok({ dataList: [], totalCount: 0, pNum: 1, pSize: 30 }),
      }),
    });
    const stopWatching = startRealtimeWithSession(rt);
    try {
      await vi.waitFor(() => expect(clients).toHaveLength(1));
      rt.chat.send('약은 언제 먹나요?');
      expect(storedPending()).not.toBeNull();
      await endSession();
      expect(storedPending()).toBeNull();
    } finally {
      stopWatching();
    }

    // The same patient logs in again: nothing from before comes back.
    session.setTokens({ accessToken: 'access-2', refreshToken: 'refresh-2' });
    session.setLoginId('demo');
    session.setMyData(profile);
    rt = newRealtime();
    rt.start(profile);
    expect(rt.snapshot().pending).toEqual([]);
  });
});
