import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { areaConfig, type Area } from '../../config/area';
import { formatDate } from '../../lib/date-format';
import { errorMessage } from '../../lib/api-error';
import { useTerms } from './api/get-terms';

/** One terms document (`common/terms/:termsCode`), shown as plain text. */
export function TermsDetailScreen({ area, termsCode }: { area: Area; termsCode: string }) {
  const { t, i18n } = useTranslation();
  const terms = useTerms(termsCode);
  return (
    <Page title={terms.data?.title ?? t('terms.title')} back={areaConfig[area].common.terms.href()}>
      {terms.isPending && <LoadingView />}
      {terms.isError && (
        <ErrorView message={errorMessage(terms.error)} onRetry={() => void terms.refetch()} />
      )}
      {terms.data && (
        <article className="terms-body">
          <p className="terms-meta">
            {terms.data.required ? t('terms.required') : t('terms.optional')} ·{' '}
            {t('terms.versionLine', {
              version: terms.data.version,
              date: formatDate(terms.data.effectiveAt, i18n.language),
            })}
          </p>
          <div className="terms-text">{terms.data.body}</div>
        </article>
      )}
    </Page>
  );
}
