import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WatchPatientPage } from '@smartcare/contract/home-care-watch';
import type { SetTargetBody, TargetKind, VitalSignTarget } from '@smartcare/contract/vital-signs';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { homeCarePatientKey } from './get-home-care-patient';

/** Sets the patient's personal target for one kind; the patient's screens judge by it. */
export function setTarget(client: ApiClient, body: SetTargetBody): Promise<VitalSignTarget[]> {
  return client.api.vitalSign.setTarget({ body });
}

/** Removes it: the guideline applies again. */
export function clearTarget(
  client: ApiClient,
  patientIdx: number,
  kind: TargetKind,
): Promise<VitalSignTarget[]> {
  return client.api.vitalSign.clearTarget({ body: { patientIdx, kind } });
}

function useTargetsUpdate(patientIdx: number) {
  const queryClient = useQueryClient();
  return (targets: VitalSignTarget[]) => {
    queryClient.setQueryData<WatchPatientPage>(homeCarePatientKey(patientIdx), (page) =>
      page ? { ...page, targets } : page,
    );
    // The latest readings' verdicts and the list's groups follow the new target.
    void queryClient.invalidateQueries({ queryKey: homeCarePatientKey(patientIdx) });
    void queryClient.invalidateQueries({ queryKey: ['homeCare', 'watchList'] });
  };
}

export function useSetTarget(patientIdx: number) {
  const client = useApiClient();
  const update = useTargetsUpdate(patientIdx);
  return useMutation({
    mutationFn: (body: Omit<SetTargetBody, 'patientIdx'>) => setTarget(client, { ...body, patientIdx }),
    onSuccess: update,
  });
}

export function useClearTarget(patientIdx: number) {
  const client = useApiClient();
  const update = useTargetsUpdate(patientIdx);
  return useMutation({
    mutationFn: (kind: TargetKind) => clearTarget(client, patientIdx, kind),
    onSuccess: update,
  });
}
