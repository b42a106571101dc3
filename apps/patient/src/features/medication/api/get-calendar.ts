import type { MedicationCalendar } from '@smartcare/contract/medication';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { medicationQueryKey } from './keys';

/** `GET /medication/getCalendar`: a month's adherence per day and the week's and month's rate. */
export function getCalendar(month: string): Promise<MedicationCalendar> {
  return api.medication.getCalendar({ query: { month } });
}

export function useCalendar(month: string) {
  return useQuery(
    queryOptions({
      queryKey: [...medicationQueryKey, 'calendar', month],
      queryFn: () => getCalendar(month),
      placeholderData: keepPreviousData,
    }),
  );
}
