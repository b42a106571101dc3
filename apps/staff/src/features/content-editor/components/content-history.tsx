import { Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { useContentChanges } from '../api/content-editor';
import { formatDateTime } from './format';

/** Who changed the item and when, newest first (kept by the server for every change). */
export function ContentHistory({ idx }: { idx: number }) {
  const { t, i18n } = useTranslation();
  const changes = useContentChanges(idx);
  return (
    <section className="ce-history" aria-labelledby="ce-history-title">
      <Typography.Title level={3} id="ce-history-title" className="ce-section-title">
        {t('contentEditor.history.title')}
      </Typography.Title>
      {changes.isPending ? (
        <LoadingState />
      ) : changes.isError ? (
        <ErrorState error={changes.error} onRetry={() => void changes.refetch()} />
      ) : changes.data.length === 0 ? (
        <EmptyState text={t('contentEditor.history.empty')} />
      ) : (
        <Timeline
          items={changes.data.map((change, i) => ({
            key: `${change.at}-${i}`,
            children: (
              <span className="ce-history-line">
                <strong>{t(`contentEditor.history.action.${change.action}`)}</strong>{' '}
                {t('contentEditor.history.by', {
                  name: change.staffName ?? t('contentEditor.history.unknownStaff'),
                  at: formatDateTime(change.at, i18n.language),
                })}
              </span>
            ),
          }))}
        />
      )}
    </section>
  );
}
