import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CareNote, WatchPatientPage } from '@smartcare/contract/home-care-watch';
import { useApiClient, type ApiClient } from '../../../lib/api-client';
import { homeCarePatientKey } from './get-home-care-patient';

/** Replaces the nurse's note on the patient (who and when come back from the server). */
export function saveNote(client: ApiClient, patientIdx: number, text: string): Promise<CareNote> {
  return client.api.homeCare.saveNote({ body: { patientIdx, text } });
}

export function useSaveNote(patientIdx: number) {
  const client = useApiClient();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => saveNote(client, patientIdx, text),
    onSuccess: (note) =>
      queryClient.setQueryData<WatchPatientPage>(homeCarePatientKey(patientIdx), (page) =>
        page ? { ...page, note } : page,
      ),
  });
}
