import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** Loading, error and empty states of every screen; plain elements, so the first screen stays light. */
export function LoadingView({ label }: { label?: string }) {
  const { t } = useTranslation();
  return (
    <div className="state-view" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
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
        <button type="button" className="btn btn-outline" onClick={onRetry}>
          {t('common.retry')}
        </button>
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
