import type { QnaStatus } from '@smartcare/contract/qna';
import { useTranslation } from 'react-i18next';

/** The status as a word on a coloured chip (colour is never the only signal). */
export function QnaStatusChip({ status }: { status: QnaStatus }) {
  const { t } = useTranslation();
  return <span className={`qna-status qna-status-${status.toLowerCase()}`}>{t(`qna.status.${status}`)}</span>;
}
