import { Button, Empty, Result, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../lib/error-message';

export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div
      role="status"
      aria-live="polite"
      style={{ display: 'flex', justifyContent: 'center', alignItems: 'center', gap: 12, padding: 48 }}
    >
      <Spin />
      <span>{label ?? t('common.loading')}</span>
    </div>
  );
}

export function ErrorState({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div role="alert">
      <Result
        status="warning"
        title={t('common.loadFailed')}
        subTitle={errorMessage(error, t)}
        extra={onRetry ? <Button onClick={onRetry}>{t('common.retry')}</Button> : null}
      />
    </div>
  );
}

export function EmptyState({ text }: { text: string }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}
