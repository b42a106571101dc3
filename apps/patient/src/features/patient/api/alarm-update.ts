import type { AlarmUpdateBody, MyData } from '@smartcare/contract/patient';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { myDataQueryKey } from './get-my-data';

/** `PUT /patient/alarmUpdate` with the switches that changed. */
export function alarmUpdate(body: AlarmUpdateBody): Promise<unknown> {
  return api.patient.alarmUpdate({ body });
}

export function useAlarmUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alarmUpdate,
    // The switch moves at once; a refusal puts it back (onError) and the server's copy wins.
    onMutate: async (body) => {
      await queryClient.cancelQueries({ queryKey: myDataQueryKey });
      const previous = queryClient.getQueryData<MyData>(myDataQueryKey);
      if (previous) {
        queryClient.setQueryData<MyData>(myDataQueryKey, {
          ...previous,
          alarmSettings: { ...previous.alarmSettings, ...body },
        });
      }
      return { previous };
    },
    onError: (_error, _body, context) => {
      if (context?.previous) queryClient.setQueryData(myDataQueryKey, context.previous);
    },
    // The advertising switches are the marketing consents (issue 10 point 6): the consent
    // list's query (features/terms, key ['consents']) is out of date with them.
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: myDataQueryKey }),
        queryClient.invalidateQueries({ queryKey: ['consents'] }),
      ]),
  });
}
