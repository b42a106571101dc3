import type { NoticeSummary } from '@smartcare/contract/hospital-content';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AppIcon, type IconName } from '../../components/ui/icons';
import { Page } from '../../components/ui/page';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { paths } from '../../config/paths';
import { api } from '../../lib/api-client';
import { errorMessage } from '../../lib/api-error';
import { useSession } from '../../lib/use-session';
import { hospitalContentKeys } from './api/hospital-content';
import { NeedsHospital } from './hospital-info-parts';
import './hospital-info.css';

/** The most recent notices the hub counts unread among (the list's page size limit). */
const RECENT_NOTICES = 100;

const p = paths.hospital;
const TILES: { key: string; href: string; icon: IconName }[] = [
  { key: 'consulting', href: p.consultingChat.href(), icon: 'chat' },
  { key: 'nurseCall', href: p.nurseCallList.href(), icon: 'nurse' },
  { key: 'schedule', href: p.scheduleList.href(), icon: 'calendar' },
  { key: 'documentRequest', href: p.documentRequestList.href(), icon: 'document' },
  { key: 'guideSearch', href: p.guideSearchList.href(), icon: 'search' },
  { key: 'newsNotice', href: p.newsNotice.href(), icon: 'notice' },
  { key: 'newsFaq', href: p.newsFaq.href(), icon: 'question' },
  { key: 'rating', href: p.rateList.href(), icon: 'star' },
];

/**
 * `/hospital/service/home`: the chosen hospital's own services in one place, and what of the
 * hospital's needs the patient's attention now (unread notices, pinned ones first). The app
 * home greets the patient, holds the hospital choice and leads to both areas' features;
 * this hub is about one hospital (docs/hospital-information.md).
 */
export function ServiceHomeScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('hospitalInfo.serviceTitle')} back={p.home.href()}>
      <NeedsHospital here={p.serviceHome.href()}>
        <ServiceHome />
      </NeedsHospital>
    </Page>
  );
}

function ServiceHome() {
  const { t } = useTranslation();
  const { myData } = useSession();
  // Under the notices' key, so opening a notice refreshes the count too.
  const recent = useQuery({
    queryKey: [...hospitalContentKeys.notices, 'recent'],
    queryFn: ({ signal }) =>
      api.hospitalContent.getNoticeList({ query: { pNum: 1, pSize: RECENT_NOTICES }, signal }),
  });
  const unread: NoticeSummary[] = (recent.data?.dataList ?? []).filter((notice) => !notice.read);
  const unreadPinned = unread.filter((notice) => notice.pinned);

  return (
    <>
      <section className="hospital-card" aria-labelledby="hi-hospital">
        <h2 id="hi-hospital" className="hospital-card-label">
          {t('home.myHospital')}
        </h2>
        <p className="hospital-card-name">{myData?.choseHospitalName}</p>
      </section>

      <section aria-labelledby="hi-attention" className="hi-attention">
        <h2 id="hi-attention" className="section-title">
          {t('hospitalInfo.attentionTitle')}
        </h2>
        {recent.isPending && <LoadingView />}
        {recent.isError && (
          <ErrorView message={errorMessage(recent.error)} onRetry={() => void recent.refetch()} />
        )}
        {recent.isSuccess && unread.length === 0 && (
          <p className="hi-calm">{t('hospitalInfo.attentionNone')}</p>
        )}
        {recent.isSuccess && unread.length > 0 && (
          <ul className="hi-list">
            {unreadPinned.map((notice) => (
              <li key={notice.idx}>
                <Link className="hi-row hi-row-unread" to={p.newsDetail.href(notice.idx)}>
                  <span className="hi-row-tags">
                    <span className="hi-tag hi-tag-pinned">{t('hospitalInfo.pinned')}</span>
                    <span className="hi-tag hi-tag-unread">{t('hospitalInfo.unread')}</span>
                  </span>
                  <span className="hi-row-title">{notice.title}</span>
                </Link>
              </li>
            ))}
            <li>
              <Link className="hi-row" to={p.newsNotice.href()}>
                <span className="hi-row-title">
                  {t('hospitalInfo.unreadCount', { count: unread.length })}
                </span>
              </Link>
            </li>
          </ul>
        )}
      </section>

      <nav aria-labelledby="hi-services">
        <h2 id="hi-services" className="section-title">
          {t('hospitalInfo.servicesTitle')}
        </h2>
        <ul className="entry-grid">
          {TILES.map((tile) => {
            const badge = tile.key === 'newsNotice' && unread.length > 0 ? unread.length : 0;
            return (
              <li key={tile.key}>
                <Link className="entry hi-entry" to={tile.href}>
                  <AppIcon name={tile.icon} className="entry-icon" />
                  <span>{t(`home.entry.${tile.key}`)}</span>
                  {badge > 0 && (
                    <span className="hi-badge">{t('hospitalInfo.unreadBadge', { count: badge })}</span>
                  )}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </>
  );
}
