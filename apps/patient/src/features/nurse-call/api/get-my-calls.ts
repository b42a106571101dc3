import type { NurseCall } from '@smartcare/contract/nurse-call';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /nurseCall/getMyCalls`: the patient's calls, newest first. */
export const myCallsQueryKey = ['nurseCalls', 'mine'] as const;

export function getMyCalls(): Promise<NurseCall[]> {
  return api.nurseCall.getMyCalls();
}

export function getMyCallsQueryOptions() {
  return queryOptions({ queryKey: myCallsQueryKey, queryFn: getMyCalls, staleTime: 0 });
}

export function useMyCalls(enabled = true) {
  return useQuery({ ...getMyCallsQueryOptions(), enabled });
}

/** A call as the server now has it, put in its place (newest first). */
export function withCall(calls: readonly NurseCall[] | undefined, call: NurseCall): NurseCall[] {
  const others = (calls ?? []).filter((c) => c.idx !== call.idx);
  return [call, ...others].sort((a, b) => b.requestedAt.localeCompare(a.requestedAt) || b.idx - a.idx);
}
