import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { telemedicineRoot } from './get-day';
import type { Body, Visit } from './types';

export const book = (client: ApiClient, body: Body<'book'>) => client.api.telemedicine.book({ body });
export const move = (client: ApiClient, body: Body<'move'>) => client.api.telemedicine.move({ body });
export const cancel = (client: ApiClient, body: Body<'cancel'>) => client.api.telemedicine.cancel({ body });
export const admit = (client: ApiClient, visitIdx: number) =>
  client.api.telemedicine.admit({ body: { visitIdx } });
export const endCall = (client: ApiClient, visitIdx: number) =>
  client.api.telemedicine.endCall({ body: { visitIdx } });
export const markNoShow = (client: ApiClient, visitIdx: number) =>
  client.api.telemedicine.markNoShow({ body: { visitIdx } });
export const writeSummary = (client: ApiClient, body: Body<'writeSummary'>) =>
  client.api.telemedicine.writeSummary({ body });
export const acceptRequest = (client: ApiClient, body: Body<'acceptRequest'>) =>
  client.api.telemedicine.acceptRequest({ body });
export const declineRequest = (client: ApiClient, body: Body<'declineRequest'>) =>
  client.api.telemedicine.declineRequest({ body });

/** A change to a visit; every telemedicine view refetches after it. */
function useChange<V, R = Visit>(run: (client: ApiClient, vars: V) => Promise<R>) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (vars: V) => run(client, vars),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: telemedicineRoot }),
  });
}

export const useBook = () => useChange(book);
export const useMove = () => useChange(move);
export const useCancel = () => useChange(cancel);
export const useAdmit = () => useChange(admit);
export const useEndCall = () => useChange(endCall);
export const useMarkNoShow = () => useChange(markNoShow);
export const useWriteSummary = () => useChange(writeSummary);
export const useAcceptRequest = () => useChange(acceptRequest);
export const useDeclineRequest = () => useChange(declineRequest);
