import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from './page';

/** The one screen for routes whose features come later (spec §2 routes, issue 3). */
export function InPreparationScreen({ home }: { home: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page title={t('inPreparation.title')} back={home}>
      <div className="state-view">
        <p className="state-view-title">{t('inPreparation.heading')}</p>
        <p>{t('inPreparation.body')}</p>
        <button type="button" className="btn btn-primary btn-block" onClick={() => navigate(home)}>
          {t('inPreparation.goHome')}
        </button>
      </div>
    </Page>
  );
}
