import type { ReportDeviceCheckBody, ReportDeviceCheckResult } from '@smartcare/contract/telemedicine';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { telemedicineRoot } from './get-my-visits';

/** `PUT /telemedicine/reportDeviceCheck`: stored on the visit (or the next open one); latest wins. */
export function reportDeviceCheck(body: ReportDeviceCheckBody): Promise<ReportDeviceCheckResult> {
  return api.telemedicine.reportDeviceCheck({ body });
}

export function useReportDeviceCheck() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reportDeviceCheck,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: telemedicineRoot }),
  });
}
