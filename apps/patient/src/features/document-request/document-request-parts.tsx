import type { DocumentStatus } from '@smartcare/contract/document-request';
import { useTranslation } from 'react-i18next';

/** The status as a word on a coloured chip (colour is never the only signal). */
export function StatusChip({ status }: { status: DocumentStatus }) {
  const { t } = useTranslation();
  return (
    <span className={`doc-status doc-status-${status.toLowerCase()}`}>
      {t(`documentRequestScreens.status.${status}`)}
    </span>
  );
}

export const formatKrw = (amount: number) => new Intl.NumberFormat('ko-KR').format(amount);
