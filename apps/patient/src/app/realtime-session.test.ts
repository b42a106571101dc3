import { apiPaths } from '@smartcare/contract/api-paths';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { endSession } from '../lib/api-client';
import { notifyLogin, notifyLogout } from '../lib/realtime-seam';
import { session } from '../lib/session';
import { storageKeys } from '../lib/storage-keys';
import { ok, patientProfile } from '../testing/factories';
import { mockApi } from '../testing/mock-api';
import {
  chatRoom,
  createTestRealtime,
  realtimePatient,
  signInRealtimePatient,
} from '../testing/realtime-fakes';
import { startRealtimeWithSession } from './realtime-session';

// Moved from lib/realtime.test.ts with the session wiring (issue 11); assertions as they were.

const profile = realtimePatient;
let test: ReturnType<typeof createTestRealtime>;

beforeEach(() => {
  signInRealtimePatient();
  test = createTestRealtime();
});
afterEach(() => test.rt.stop());

describe('the session seam (spec §4, §5)', () => {
  it('starts after a login with a chosen hospital, waits for one otherwise, and ends on logout', async () => {
    const { rt, clients } = test;
    session.clear();
    const stopWatching = startRealtimeWithSession(rt);
    try {
      const noHospital = patientProfile({ idx: 7, loginId: 'demo', choseHospitalIdx: null });
      session.setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
      session.setMyData(noHospital);
      await notifyLogin(noHospital);
      await vi.waitFor(() => undefined);
      expect(clients).toHaveLength(0);

      // Choosing a hospital later stores the new profile: the connection starts then.
      session.setMyData(profile);
      await vi.waitFor(() => expect(clients).toHaveLength(1));

      await notifyLogout();
      expect(clients.at(-1)!.ended).toBe(true);
      expect(rt.snapshot().connection).toBe('idle');
    } finally {
      stopWatching();
    }
  });
});

describe('pending messages across a reload (nothing a patient sent is lost)', () => {
  const storedPending = () => window.localStorage.getItem(storageKeys.pendingChat);

  it('is forgotten on logout, together with the session', async () => {
    mockApi({ [`GET ${apiPaths.chat.currentRoom}`]: () => ({ body: ok(chatRoom()) }) });
    const stopWatching = startRealtimeWithSession(test.rt);
    try {
      await vi.waitFor(() => expect(test.clients).toHaveLength(1));
      test.rt.chat.send('약은 언제 먹나요?');
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
    test = createTestRealtime(test.clients);
    test.rt.start(profile);
    expect(test.rt.snapshot().pending).toEqual([]);
  });
});
