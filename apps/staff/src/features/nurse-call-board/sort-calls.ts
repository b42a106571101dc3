import { OPEN_NURSE_CALL_STATUSES, type NurseCall } from '@smartcare/contract/nurse-call';

/** The ward board's order (domain.md): priority first (1 is most urgent), then the oldest call. */
export function sortCalls(calls: readonly NurseCall[]): NurseCall[] {
  return [...calls].sort(
    (a, b) =>
      a.priority - b.priority || Date.parse(a.requestedAt) - Date.parse(b.requestedAt) || a.idx - b.idx,
  );
}

/** Applies a changed call: open calls are added or replaced, done and cancelled ones leave the board. */
export function upsertCall(calls: readonly NurseCall[], call: NurseCall): NurseCall[] {
  const rest = calls.filter((c) => c.idx !== call.idx);
  return OPEN_NURSE_CALL_STATUSES.includes(call.status) ? [...rest, call] : rest;
}
