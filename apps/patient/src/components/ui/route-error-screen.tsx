import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../../lib/preload-error';

/** Instead of a blank page: a friendly screen with a retry (after the one automatic reload). */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  return (
    <div className="page">
      <main className="page-content">
        <div className="state-view" role="alert">
          <h1 className="state-view-title">{chunk ? t('routeError.updateTitle') : t('routeError.title')}</h1>
          <p>{chunk ? t('routeError.updateBody') : t('routeError.body')}</p>
          <button
            type="button"
            className="btn btn-primary btn-block"
            onClick={() => window.location.reload()}
          >
            {t('common.retry')}
          </button>
        </div>
      </main>
    </div>
  );
}
