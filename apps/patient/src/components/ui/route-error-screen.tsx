import { useTranslation } from 'react-i18next';
import { isChunkLoadError } from '../../lib/preload-error';
import { useOnline } from '../../lib/pwa/use-online';

/** Instead of a blank page: a friendly screen with a retry (after the one automatic reload). */
export function RouteErrorScreen({ error }: { error: unknown }) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  // Offline, a screen never opened before is simply not on the phone yet (decision 017).
  const offline = !useOnline() && chunk;
  const title = offline
    ? t('pwa.screenOfflineTitle')
    : chunk
      ? t('routeError.updateTitle')
      : t('routeError.title');
  const body = offline
    ? t('pwa.screenOfflineBody')
    : chunk
      ? t('routeError.updateBody')
      : t('routeError.body');
  return (
    <div className="page">
      <main className="page-content">
        <div className="state-view" role="alert">
          <h1 className="state-view-title">{title}</h1>
          <p>{body}</p>
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
