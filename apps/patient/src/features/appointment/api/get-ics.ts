import type { AppointmentIcs } from '@smartcare/contract/appointment';
import { useMutation } from '@tanstack/react-query';
import { saveFile } from '@smartcare/web-core/save-file';
import { api } from '../../../lib/api-client';

/** `GET /appointment/getIcs?idx=`: the appointment as an iCalendar file. */
export function getIcs(idx: number): Promise<AppointmentIcs> {
  return api.appointment.getIcs({ query: { idx } });
}

/** Saves the file through the browser; a phone opens it in its calendar app. */
export function saveIcs(file: AppointmentIcs): void {
  saveFile(new Blob([file.content], { type: 'text/calendar;charset=utf-8' }), file.fileName);
}

export function useDownloadIcs() {
  return useMutation({ mutationFn: async (idx: number) => saveIcs(await getIcs(idx)) });
}
