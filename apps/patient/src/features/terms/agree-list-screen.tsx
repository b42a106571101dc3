import type { Consent } from '@smartcare/contract/terms';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Section } from '../../components/ui/menu-list';
import { Page } from '../../components/ui/page';
import { EmptyView, ErrorView, LoadingView } from '../../components/ui/state-views';
import { Toggle } from '../../components/ui/toggle';
import { areaConfig, type Area } from '../../config/area';
import { formatDateTime } from '../../lib/date-format';
import { errorMessage } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { useConsents } from './api/get-consents';
import { useUpdateConsents } from './api/update-consents';

/**
 * What the patient agreed to and when. Optional consents can change here; required ones
 * end only with the account (PIPA: refusing an optional item never blocks the service).
 */
export function AgreeListScreen({ area }: { area: Area }) {
  const { t, i18n } = useTranslation();
  const config = areaConfig[area];
  const consents = useConsents();
  const update = useUpdateConsents();
  const list = consents.data ?? [];
  const marketingAgreed = list.some((c) => c.termsCode === 'MARKETING' && c.agreed);

  const change = (consent: Consent, agreed: boolean) => {
    const changes = [{ termsCode: consent.termsCode, agreed }];
    // The night-time opt-in only exists together with the advertising one.
    if (
      consent.termsCode === 'MARKETING' &&
      !agreed &&
      list.some((c) => c.termsCode === 'MARKETING_NIGHT' && c.agreed)
    ) {
      changes.push({ termsCode: 'MARKETING_NIGHT', agreed: false });
    }
    update.mutate(
      { consents: changes },
      {
        onSuccess: () => toast.success(t('agreeList.saved')),
        onError: (error) => toast.error(errorMessage(error)),
      },
    );
  };

  const when = (consent: Consent) =>
    consent.agreedAt
      ? t(consent.agreed ? 'agreeList.agreedAt' : 'agreeList.refusedAt', {
          date: formatDateTime(consent.agreedAt, i18n.language),
        })
      : t('agreeList.never');

  const required = list.filter((c) => c.required);
  const optional = list.filter((c) => !c.required);
  return (
    <Page title={t('agreeList.title')} back={config.settingHome}>
      {consents.isPending && <LoadingView />}
      {consents.isError && (
        <ErrorView message={errorMessage(consents.error)} onRetry={() => void consents.refetch()} />
      )}
      {consents.isSuccess && list.length === 0 && <EmptyView>{t('agreeList.empty')}</EmptyView>}
      {required.length > 0 && (
        <Section title={t('agreeList.required')}>
          <ul className="menu-list">
            {required.map((consent) => (
              <li key={consent.termsCode} className="menu-row">
                <span className="menu-row-text">
                  <span className="menu-row-label">{consent.title}</span>
                  <span className="menu-row-description">{when(consent)}</span>
                </span>
                <Link className="menu-row-extra" to={config.common.termsDetail.href(consent.termsCode)}>
                  {t('agreeList.view')}
                </Link>
              </li>
            ))}
          </ul>
          <p className="form-intro">{t('agreeList.requiredNote')}</p>
        </Section>
      )}
      {optional.length > 0 && (
        <Section title={t('agreeList.optional')}>
          <div className="menu-list">
            {optional.map((consent) => {
              const blocked = consent.termsCode === 'MARKETING_NIGHT' && !marketingAgreed;
              return (
                <Toggle
                  key={consent.termsCode}
                  label={consent.title}
                  description={blocked ? t('alarm.marketingNightNeedsMarketing') : when(consent)}
                  checked={consent.agreed}
                  disabled={blocked || update.isPending}
                  onChange={(agreed) => change(consent, agreed)}
                />
              );
            })}
          </div>
        </Section>
      )}
    </Page>
  );
}
