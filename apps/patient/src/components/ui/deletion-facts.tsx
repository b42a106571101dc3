import { useTranslation } from 'react-i18next';

/**
 * What deleting the account removes and what the hospital must keep (Medical Service Act
 * retention; domain.md) — said the same way in the app and on the public page.
 */
export function DeletionFacts() {
  const { t } = useTranslation();
  return (
    <div className="facts">
      <h2 className="section-title">{t('deletionFacts.deletedTitle')}</h2>
      <ul className="facts-list">
        <li>{t('deletionFacts.deletedAccount')}</li>
        <li>{t('deletionFacts.deletedRecords')}</li>
        <li>{t('deletionFacts.deletedChat')}</li>
        <li>{t('deletionFacts.deletedPush')}</li>
      </ul>
      <h2 className="section-title">{t('deletionFacts.keptTitle')}</h2>
      <ul className="facts-list">
        <li>{t('deletionFacts.keptMedical')}</li>
        <li>{t('deletionFacts.keptNurseCalls')}</li>
        <li>{t('deletionFacts.keptLogs')}</li>
        {/* issue 16: issued certificates stay with the hospital for the legal period */}
        <li>{t('documentRequestScreens.keptOnDeletion')}</li>
      </ul>
    </div>
  );
}
