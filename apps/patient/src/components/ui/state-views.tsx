import DotLoading from 'antd-mobile/es/components/dot-loading';
import Button from 'antd-mobile/es/components/button';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export function LoadingView({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="state-view" role="status" aria-live="polite">
      <DotLoading color="primary" />
      <p>{label ?? t('common.loading')}</p>
    </div>
  );
}

export function ErrorView({ message, onRetry }: { message: string; onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="state-view" role="alert">
      <p className="state-view-title">{t('common.errorTitle')}</p>
      <p>{message}</p>
      {onRetry && (
        <Button color="primary" fill="outline" size="large" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      )}
    </div>
  );
}

export function EmptyView({ children }: { children: ReactNode }) {
  return (
    <div className="state-view">
      <p>{children}</p>
    </div>
  );
}
