import type { NurseCall } from '@smartcare/contract/nurse-call';
import { useOnReconnect, useRealtimeTopic } from '@smartcare/web-core/use-realtime';
import { useQueryClient } from '@tanstack/react-query';
import { useSession } from '../../lib/use-session';
import { myCallsQueryKey, withCall } from './api/get-my-calls';
import { nurseCallTopic, readNurseCallEvent } from './nurse-call-realtime';

/** Live updates of the patient's calls from `nurseCalling/{h}/patient/{idx}`; a reconnect refetches what was missed. */
export function useNurseCallLive(): void {
  const { myData } = useSession();
  const queryClient = useQueryClient();
  useRealtimeTopic(nurseCallTopic(myData), (payload) => {
    const call = readNurseCallEvent(payload)?.call;
    if (call) queryClient.setQueryData<NurseCall[]>(myCallsQueryKey, (calls) => withCall(calls, call));
  });
  useOnReconnect(() => void queryClient.invalidateQueries({ queryKey: myCallsQueryKey }));
}
