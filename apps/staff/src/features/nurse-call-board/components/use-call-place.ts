import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import type { NurseCall } from '@smartcare/contract/nurse-call';

/** "7병동 701-2" from the call's ward and bed, or a clear word when the profile has neither. */
export function useCallPlace() {
  const { t } = useTranslation();
  return useCallback(
    (call: Pick<NurseCall, 'ward' | 'bed'>) =>
      call.ward || call.bed
        ? t('nurseCall.place', { ward: call.ward ?? '', bed: call.bed ?? '' }).trim()
        : t('nurseCall.noPlace'),
    [t],
  );
}
