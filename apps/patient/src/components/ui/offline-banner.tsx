import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/pwa/use-online';

/**
 * "오프라인" above every screen while the phone has no network: what the patient sees is what
 * the app last received, and changes wait or are refused until the network is back.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  return (
    <div className="offline-banner-slot" role="status" aria-live="polite">
      {!online && (
        <p className="offline-banner">
          <strong>{t('pwa.offlineTitle')}</strong> {t('pwa.offlineBody')}
        </p>
      )}
    </div>
  );
}
