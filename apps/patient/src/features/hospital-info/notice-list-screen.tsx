import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/ui/page';
import { EmptyView, ErrorView, LoadingView } from '../../components/ui/state-views';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { useNoticeList } from './api/hospital-content';
import { NeedsHospital, PublishedDate } from './hospital-info-parts';
import './hospital-info.css';

/** `/hospital/news/notice`: the hospital's notices, pinned first then newest, unread marked until opened. */
export function NoticeListScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('hospitalInfo.noticeTitle')} back={paths.hospital.serviceHome.href()}>
      <NeedsHospital here={paths.hospital.newsNotice.href()}>
        <NoticeList />
      </NeedsHospital>
    </Page>
  );
}

function NoticeList() {
  const { t } = useTranslation();
  const notices = useNoticeList();
  const sentinel = useRef<HTMLDivElement>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = notices;

  // The next page loads as the end of the list scrolls into view; the button does the same by hand.
  useEffect(() => {
    const target = sentinel.current;
    if (!target || !hasNextPage || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting) && !isFetchingNextPage) void fetchNextPage();
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);

  if (notices.isPending) return <LoadingView />;
  if (notices.isError && !notices.data) {
    return <ErrorView message={errorMessage(notices.error)} onRetry={() => void notices.refetch()} />;
  }
  const items = notices.data.pages.flatMap((page) => page.dataList);
  if (items.length === 0) return <EmptyView>{t('hospitalInfo.noticeEmpty')}</EmptyView>;

  return (
    <>
      <ul className="hi-list" aria-label={t('hospitalInfo.noticeTitle')}>
        {items.map((notice) => (
          <li key={notice.idx}>
            <Link
              className={`hi-row${notice.read ? '' : ' hi-row-unread'}`}
              to={paths.hospital.newsDetail.href(notice.idx)}
            >
              <span className="hi-row-tags">
                {notice.pinned && <span className="hi-tag hi-tag-pinned">{t('hospitalInfo.pinned')}</span>}
                <span className="hi-tag">{notice.category}</span>
                {!notice.read && <span className="hi-tag hi-tag-unread">{t('hospitalInfo.unread')}</span>}
              </span>
              <span className="hi-row-title">{notice.title}</span>
              <span className="hi-row-meta">
                <PublishedDate iso={notice.publishedAt} />
                {notice.hasAttachments && <span>{t('hospitalInfo.hasAttachments')}</span>}
              </span>
            </Link>
          </li>
        ))}
      </ul>
      <div ref={sentinel} />
      {notices.isFetchNextPageError && (
        <ErrorView message={errorMessage(notices.error)} onRetry={() => void fetchNextPage()} />
      )}
      {hasNextPage && !notices.isFetchNextPageError && (
        <button
          type="button"
          className="btn btn-outline btn-block"
          disabled={isFetchingNextPage}
          onClick={() => void fetchNextPage()}
        >
          {isFetchingNextPage ? t('common.loading') : t('hospitalInfo.more')}
        </button>
      )}
    </>
  );
}
