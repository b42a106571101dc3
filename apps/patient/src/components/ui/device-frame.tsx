import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AppIcon } from './icons';
import { isMobileUserAgent } from '../../lib/platform';
import { readStorage, storageKeys, writeStorage } from '../../lib/storage-keys';

/**
 * On a desktop browser (spec §1 list) the app sits in a phone-width frame under a
 * dismissible "please use a mobile device" notice; on a phone it fills the screen.
 */
export function DeviceFrame({
  children,
  mobile = isMobileUserAgent(),
}: {
  children: ReactNode;
  mobile?: boolean;
}) {
  const { t } = useTranslation();
  const [noticeOpen, setNoticeOpen] = useState(() => readStorage(storageKeys.mobileNoticeDismissed) === null);
  if (mobile) return <div className="app-root">{children}</div>;
  const dismiss = () => {
    writeStorage(storageKeys.mobileNoticeDismissed, '1');
    setNoticeOpen(false);
  };
  return (
    <div className="desktop-backdrop">
      {noticeOpen && (
        <div className="mobile-notice" role="note">
          <span>{t('device.useMobile')}</span>
          <button
            type="button"
            className="icon-button"
            onClick={dismiss}
            aria-label={t('device.dismissNotice')}
          >
            <AppIcon name="close" />
          </button>
        </div>
      )}
      <div className="app-root app-root-framed">{children}</div>
    </div>
  );
}
