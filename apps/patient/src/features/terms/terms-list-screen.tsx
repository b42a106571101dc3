import { useTranslation } from 'react-i18next';
import { MenuList } from '../../components/ui/menu-list';
import { Page } from '../../components/ui/page';
import { EmptyView, ErrorView, LoadingView } from '../../components/ui/state-views';
import { areaConfig, type Area } from '../../config/area';
import { formatDate } from '../../lib/date-format';
import { errorMessage } from '../../lib/api-error';
import { session } from '../../lib/session';
import { useTermsList } from './api/get-terms-list';

/** The terms of service, each opening at `common/terms/:termsCode`. */
export function TermsListScreen({ area }: { area: Area }) {
  const { t, i18n } = useTranslation();
  const config = areaConfig[area];
  const terms = useTermsList();
  return (
    <Page title={t('terms.title')} back={session.isLoggedIn() ? config.settingHome : config.login}>
      {terms.isPending && <LoadingView />}
      {terms.isError && (
        <ErrorView message={errorMessage(terms.error)} onRetry={() => void terms.refetch()} />
      )}
      {terms.isSuccess && terms.data.length === 0 && <EmptyView>{t('terms.empty')}</EmptyView>}
      {terms.isSuccess && terms.data.length > 0 && (
        <MenuList
          label={t('terms.title')}
          rows={terms.data.map((item) => ({
            key: item.termsCode,
            label: item.title,
            description: t('terms.versionLine', {
              version: item.version,
              date: formatDate(item.effectiveAt, i18n.language),
            }),
            extra: (
              <span className={item.required ? 'tag tag-required' : 'tag'}>
                {item.required ? t('terms.required') : t('terms.optional')}
              </span>
            ),
            to: config.common.termsDetail.href(item.termsCode),
          }))}
        />
      )}
    </Page>
  );
}
