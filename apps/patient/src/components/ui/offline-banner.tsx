import { useLayoutEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useOnline } from '../../lib/pwa/use-online';

/**
 * "오프라인" above every screen while the phone has no network: what the patient sees is what
 * the app last received, and changes wait or are refused until the network is back. It stays
 * on top while the screen scrolls; its height moves the screens' sticky headers below it.
 */
export function OfflineBanner() {
  const { t } = useTranslation();
  const online = useOnline();
  const banner = useRef<HTMLParagraphElement>(null);
  useLayoutEffect(() => {
    const root = document.documentElement;
    const element = banner.current;
    if (online || !element) {
      root.style.removeProperty('--offline-banner-height');
      return;
    }
    const measure = () => root.style.setProperty('--offline-banner-height', `${element.offsetHeight}px`);
    measure();
    // The text size (글자 크기) and the language change its height.
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(element);
    return () => {
      observer?.disconnect();
      root.style.removeProperty('--offline-banner-height');
    };
  }, [online]);
  return (
    <div className="offline-banner-slot" role="status" aria-live="polite">
      {!online && (
        <p className="offline-banner" ref={banner}>
          <strong>{t('pwa.offlineTitle')}</strong> {t('pwa.offlineBody')}
        </p>
      )}
    </div>
  );
}
