import {
  dehydrate,
  hydrate,
  type DehydratedState,
  type Query,
  type QueryClient,
} from '@tanstack/react-query';
import { session } from '../session';
import { readStorage, storageKeys, writeStorage } from '../storage-keys';

/**
 * What the app shows when it opens without a network (issue 12, decision 017): the last
 * answers of the queries a feature marks `meta: { offline: true }` are kept in localStorage
 * beside the session and put back into the query cache at start, so the screen draws them at
 * once and refreshes them when the network returns.
 *
 * They belong to one login: stored with its login id, restored only for that login, and
 * removed at logout or when another login is found. Never in the service worker's caches.
 * (TanStack's persister packages pin an older query-core than ours; the part we need is
 * dehydrate/hydrate, which the installed react-query provides.)
 */
declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: {
      /** Keep this query's last answer for reading offline (cleared at logout). */
      offline?: boolean;
    };
  }
}

/** Kept answers older than this are not shown: a week-old medication list is worse than none. */
export const OFFLINE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
/** Bumped when the shape of what is kept changes: an older copy is then dropped, not misread. */
const FORMAT = 1;

interface StoredQueries {
  format: number;
  owner: string;
  savedAt: number;
  state: DehydratedState;
}

export function isOfflineQuery(query: Query): boolean {
  return query.meta?.offline === true && query.state.status === 'success';
}

/** The login the kept answers belong to; none while logged out. */
function currentOwner(): string | null {
  const { accessToken, loginId, myData } = session.snapshot();
  if (!accessToken) return null;
  return loginId ?? (myData ? `patient:${myData.idx}` : null);
}

function readStored(): StoredQueries | null {
  const raw = readStorage(storageKeys.offlineQueries);
  if (!raw) return null;
  try {
    const stored = JSON.parse(raw) as Partial<StoredQueries>;
    if (
      stored.format !== FORMAT ||
      typeof stored.owner !== 'string' ||
      typeof stored.savedAt !== 'number' ||
      typeof stored.state !== 'object' ||
      stored.state === null ||
      !Array.isArray(stored.state.queries)
    )
      return null;
    return stored as StoredQueries;
  } catch {
    return null;
  }
}

/** Logout, account switch: nothing kept for one login may show for another. */
export function forgetOfflineQueries(): void {
  writeStorage(storageKeys.offlineQueries, null);
}

/** Puts the kept answers of the current login into the cache; anything else kept is removed. */
export function restoreOfflineQueries(queryClient: QueryClient, now = Date.now()): boolean {
  const stored = readStored();
  const owner = currentOwner();
  if (!stored || !owner || stored.owner !== owner || now - stored.savedAt > OFFLINE_MAX_AGE_MS) {
    forgetOfflineQueries();
    return false;
  }
  hydrate(queryClient, stored.state);
  return true;
}

export function saveOfflineQueries(queryClient: QueryClient, now = Date.now()): void {
  const owner = currentOwner();
  if (!owner) {
    forgetOfflineQueries();
    return;
  }
  const state = dehydrate(queryClient, { shouldDehydrateQuery: isOfflineQuery });
  if (state.queries.length === 0) return;
  const stored: StoredQueries = { format: FORMAT, owner, savedAt: now, state };
  writeStorage(storageKeys.offlineQueries, JSON.stringify(stored));
}

/**
 * Keeps every new answer of an offline-worthy query (a burst of answers is written once),
 * after `restoreOfflineQueries` put back the old ones. Logout or another login clears the
 * store and the cache's copies at once. Returns the stop function.
 */
export function persistOfflineQueries(queryClient: QueryClient, delayMs = 500): () => void {
  let owner = currentOwner();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const flush = () => {
    timer = undefined;
    saveOfflineQueries(queryClient);
  };
  const unsubscribeCache = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success' || event.query.meta?.offline !== true)
      return;
    if (timer === undefined) timer = setTimeout(flush, delayMs);
  });
  const unsubscribeSession = session.subscribe(() => {
    const next = currentOwner();
    if (next === owner) return;
    const previous = owner;
    owner = next;
    clearTimeout(timer);
    timer = undefined;
    // Signing in (nobody before): the cache holds nothing of another login — logout removed
    // it — and removing now would orphan the new login's first answers still in flight (a
    // silent token refresh signs in this way), leaving their screens loading for ever.
    if (previous === null) return;
    forgetOfflineQueries();
    queryClient.removeQueries({ predicate: (query) => query.meta?.offline === true });
  });
  const onHide = () => {
    if (timer !== undefined) {
      clearTimeout(timer);
      flush();
    }
  };
  // A phone may close the app at any moment after it is hidden: what waits is written then.
  window.addEventListener('pagehide', onHide);
  return () => {
    clearTimeout(timer);
    unsubscribeCache();
    unsubscribeSession();
    window.removeEventListener('pagehide', onHide);
  };
}
