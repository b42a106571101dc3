import type { AppointmentIcs } from '@smartcare/contract/appointment';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /appointment/getIcs?idx=`: the appointment as an iCalendar file. */
export function getIcs(idx: number): Promise<AppointmentIcs> {
  return api.appointment.getIcs({ query: { idx } });
}

/** Saves the file through the browser; a phone opens it in its calendar app. */
export function saveIcs(file: AppointmentIcs): void {
  const url = URL.createObjectURL(new Blob([file.content], { type: 'text/calendar;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = file.fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useDownloadIcs() {
  return useMutation({ mutationFn: async (idx: number) => saveIcs(await getIcs(idx)) });
}
