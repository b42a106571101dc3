import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EditorContent } from '@smartcare/contract/hospital-content';
import { daysLeft, formatDateTime } from './format';

/** Colours with at least 4.5:1 against white text (axe). */
const COLOURS = {
  DRAFT: '#595959',
  SCHEDULED: '#8a4b00',
  PUBLISHED: '#237804',
  UNPUBLISHED: '#434343',
  DELETED: '#a8071a',
} as const;

/** Where an item is in its life, with the scheduled time or the days left to restore it. */
export function ContentStatus({ content }: { content: EditorContent }) {
  const { t, i18n } = useTranslation();
  const detail =
    content.status === 'SCHEDULED' && content.publishAt
      ? t('contentEditor.status.scheduledAt', { at: formatDateTime(content.publishAt, i18n.language) })
      : content.status === 'DELETED' && content.restorableUntil
        ? t('contentEditor.status.restorableDays', { days: daysLeft(content.restorableUntil) })
        : null;
  return (
    <span className="ce-status">
      <Tag color={COLOURS[content.status]} variant="solid">
        {t(`contentEditor.status.${content.status}`)}
      </Tag>
      {detail && <span className="ce-status-detail">{detail}</span>}
    </span>
  );
}
