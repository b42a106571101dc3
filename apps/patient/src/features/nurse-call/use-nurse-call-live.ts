import type { NurseCall } from '@smartcare/contract/nurse-call';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useRealtime } from '../../lib/realtime';
import { myCallsQueryKey, withCall } from './api/get-my-calls';
import { onNurseCallEvent } from './nurse-call-realtime';

/** Live updates of the patient's calls from `nurseCalling/{h}/patient/{idx}`; a reconnect refetches what was missed. */
export function useNurseCallLive(): void {
  const rt = useRealtime();
  const queryClient = useQueryClient();
  useEffect(() => {
    const offEvent = onNurseCallEvent(rt, ({ call }) => {
      queryClient.setQueryData<NurseCall[]>(myCallsQueryKey, (calls) => withCall(calls, call));
    });
    const offReconnect = rt.onReconnect(
      () => void queryClient.invalidateQueries({ queryKey: myCallsQueryKey }),
    );
    return () => {
      offEvent();
      offReconnect();
    };
  }, [rt, queryClient]);
}
