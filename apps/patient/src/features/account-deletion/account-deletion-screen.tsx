import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DeletionFacts } from '../../components/ui/deletion-facts';
import { Page } from '../../components/ui/page';
import { operator } from '../../config/operator';
import { paths } from '../../config/paths';
import { useDeletionPolicy } from '../../lib/deletion-policy';

/** /account-deletion: public, no login — how to delete the account and what is deleted (app stores). */
export function AccountDeletionScreen() {
  const { t } = useTranslation();
  const policy = useDeletionPolicy();
  return (
    <Page title={t('accountDeletion.title')} back={paths.hospital.login.href()}>
      <p className="form-intro">{t('accountDeletion.intro')}</p>
      <h2 className="section-title">{t('accountDeletion.howTitle')}</h2>
      <ol className="facts-list">
        <li>{t('accountDeletion.step1')}</li>
        <li>{t('accountDeletion.step2')}</li>
        <li>{t('accountDeletion.step3')}</li>
      </ol>
      {policy.data && (
        <p className="form-intro">{t('accountDeletion.grace', { days: policy.data.graceDays })}</p>
      )}
      <DeletionFacts />
      <h2 className="section-title">{t('accountDeletion.contactTitle')}</h2>
      <p className="form-intro">{t('accountDeletion.contact', { email: operator.privacyEmail })}</p>
      <p className="link-row">
        <Link to={paths.hospital.common.patientDelete.href()}>{t('accountDeletion.goDelete')}</Link>
      </p>
    </Page>
  );
}
