import type { Hospital } from '@smartcare/contract/hospital';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';

/** `GET /hospital/getHospitalList?keyword=`: search by name or address. */
export function getHospitalList(keyword: string): Promise<Hospital[]> {
  return api.hospital.getHospitalList({
    query: { keyword: keyword.trim() || undefined },
  });
}

export function getHospitalListQueryOptions(keyword: string) {
  return queryOptions({
    queryKey: ['hospitals', keyword.trim()],
    queryFn: () => getHospitalList(keyword),
    placeholderData: keepPreviousData,
  });
}

export function useHospitalList(keyword: string) {
  return useQuery(getHospitalListQueryOptions(keyword));
}
