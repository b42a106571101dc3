import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { patientProfile } from '../../testing/factories';
import { session } from '../session';
import { storageKeys } from '../storage-keys';
import {
  OFFLINE_MAX_AGE_MS,
  persistOfflineQueries,
  restoreOfflineQueries,
  saveOfflineQueries,
} from './offline-queries';

const profile = patientProfile({ idx: 7, name: '김민지' });

function loginAs(loginId: string): void {
  session.setTokens({ accessToken: `access-${loginId}`, refreshToken: `refresh-${loginId}` });
  session.setLoginId(loginId);
}

/** The app's two kinds of query: one a feature marked offline-worthy, one it did not. */
async function answeredQueries(client: QueryClient): Promise<void> {
  await client.fetchQuery({ queryKey: ['patient'], queryFn: () => profile, meta: { offline: true } });
  await client.fetchQuery({
    queryKey: ['hospitals', '서울'],
    queryFn: () => [{ idx: 1, name: '스마트병원' }],
  });
}

function stored(): { owner: string; state: { queries: { queryKey: unknown }[] } } | null {
  const raw = localStorage.getItem(storageKeys.offlineQueries);
  return raw ? (JSON.parse(raw) as { owner: string; state: { queries: { queryKey: unknown }[] } }) : null;
}

describe('what the app keeps for reading offline (issue 12, decision 017)', () => {
  beforeEach(() => {
    localStorage.clear();
    session.clear();
  });
  afterEach(() => {
    vi.useRealTimers();
    session.clear();
  });

  it('keeps only the answers of queries marked offline-worthy, with the login they belong to', async () => {
    loginAs('kim');
    const client = new QueryClient();
    await answeredQueries(client);
    saveOfflineQueries(client);
    expect(stored()?.owner).toBe('kim');
    expect(stored()?.state.queries.map((q) => q.queryKey)).toEqual([['patient']]);
  });

  it('puts them back for the same login when the app opens again, so the first screen draws them without a network', async () => {
    loginAs('kim');
    const before = new QueryClient();
    await answeredQueries(before);
    saveOfflineQueries(before);

    const reopened = new QueryClient();
    expect(restoreOfflineQueries(reopened)).toBe(true);
    expect(reopened.getQueryData(['patient'])).toEqual(profile);
    expect(reopened.getQueryData(['hospitals', '서울'])).toBeUndefined();
  });

  it('never shows one login’s answers to another: they are removed instead', async () => {
    loginAs('kim');
    const client = new QueryClient();
    await answeredQueries(client);
    saveOfflineQueries(client);

    session.clear();
    loginAs('lee');
    const other = new QueryClient();
    expect(restoreOfflineQueries(other)).toBe(false);
    expect(other.getQueryData(['patient'])).toBeUndefined();
    expect(localStorage.getItem(storageKeys.offlineQueries)).toBeNull();
  });

  it('drops answers older than a week rather than show them as current', async () => {
    loginAs('kim');
    const client = new QueryClient();
    await answeredQueries(client);
    const savedAt = Date.now();
    saveOfflineQueries(client, savedAt);
    expect(restoreOfflineQueries(new QueryClient(), savedAt + OFFLINE_MAX_AGE_MS + 1)).toBe(false);
    expect(localStorage.getItem(storageKeys.offlineQueries)).toBeNull();
  });

  it('ignores a stored copy it cannot read', () => {
    loginAs('kim');
    for (const bad of [
      '{',
      '"text"',
      JSON.stringify({ format: 99, owner: 'kim', savedAt: Date.now(), state: {} }),
    ]) {
      localStorage.setItem(storageKeys.offlineQueries, bad);
      expect(restoreOfflineQueries(new QueryClient())).toBe(false);
      expect(localStorage.getItem(storageKeys.offlineQueries)).toBeNull();
    }
  });

  it('keeps each new answer a moment after it arrives, and forgets everything at logout', async () => {
    vi.useFakeTimers();
    loginAs('kim');
    const client = new QueryClient();
    const stop = persistOfflineQueries(client, 500);
    await answeredQueries(client);
    expect(stored()).toBeNull();
    await vi.advanceTimersByTimeAsync(500);
    expect(stored()?.state.queries).toHaveLength(1);

    session.clear();
    expect(localStorage.getItem(storageKeys.offlineQueries)).toBeNull();
    // The cache's copy goes too: the login screen's next patient starts empty.
    expect(client.getQueryData(['patient'])).toBeUndefined();
    stop();
  });

  it('forgets at an account switch as well, and keeps the new login’s answers under its own name', async () => {
    vi.useFakeTimers();
    loginAs('kim');
    const client = new QueryClient();
    const stop = persistOfflineQueries(client, 500);
    await answeredQueries(client);
    await vi.advanceTimersByTimeAsync(500);
    expect(stored()?.owner).toBe('kim');

    loginAs('lee');
    expect(stored()).toBeNull();
    await client.fetchQuery({
      queryKey: ['patient'],
      queryFn: () => ({ ...profile, idx: 8 }),
      meta: { offline: true },
    });
    await vi.advanceTimersByTimeAsync(500);
    expect(stored()?.owner).toBe('lee');
    stop();
  });
  it('signing in leaves the new login’s answers alone, even one still on its way (a silent refresh signs in so)', async () => {
    const client = new QueryClient();
    const stop = persistOfflineQueries(client, 500);
    let answer: (value: typeof profile) => void = () => undefined;
    const inFlight = client.fetchQuery({
      queryKey: ['patient'],
      queryFn: () => new Promise<typeof profile>((resolve) => (answer = resolve)),
      meta: { offline: true },
    });
    loginAs('kim');
    answer(profile);
    await expect(inFlight).resolves.toEqual(profile);
    expect(client.getQueryData(['patient'])).toEqual(profile);
    stop();
  });
});
