import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from './page';

/** An address the route table does not know: say so, and offer the way home. */
export function NotFoundScreen({ home }: { home: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Page title={t('notFound.title')} back={home}>
      <div className="state-view">
        <p className="state-view-title">{t('notFound.title')}</p>
        <p>{t('notFound.body')}</p>
        <button type="button" className="btn btn-primary btn-block" onClick={() => navigate(home)}>
          {t('notFound.goHome')}
        </button>
      </div>
    </Page>
  );
}
