import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/ui/page';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { hospitalContentKeys, useContent } from './api/hospital-content';
import { Attachments, NeedsHospital, PublishedDate, RichText } from './hospital-info-parts';
import './hospital-info.css';

type From = 'news' | 'guide';

/**
 * `/hospital/news/{idx}` (a notice or an FAQ entry) and `/hospital/guidesearch/{idx}` (a
 * guide): the item with its image and attachments. Opening a notice marks it read on the
 * server, so the list and the hub's count are refreshed.
 */
export function ContentDetailScreen({ idx, from }: { idx: string; from: From }) {
  const { t } = useTranslation();
  const here =
    from === 'news' ? paths.hospital.newsDetail.href(idx) : paths.hospital.guideSearchDetail.href(idx);
  return (
    <NeedsHospital here={here}>
      <ContentDetail
        idx={Number(idx)}
        from={from}
        title={t(from === 'news' ? 'hospitalInfo.noticeTitle' : 'hospitalInfo.guideTitle')}
      />
    </NeedsHospital>
  );
}

function ContentDetail({ idx, from, title }: { idx: number; from: From; title: string }) {
  const { t } = useTranslation();
  const content = useContent(idx);
  const queryClient = useQueryClient();
  const item = content.data;
  const read = item?.kind === 'NOTICE';

  useEffect(() => {
    if (read) void queryClient.invalidateQueries({ queryKey: hospitalContentKeys.notices });
  }, [read, queryClient]);

  const back =
    from === 'guide'
      ? paths.hospital.guideSearchList.href()
      : item?.kind === 'FAQ'
        ? paths.hospital.newsFaq.href()
        : paths.hospital.newsNotice.href();
  const pageTitle =
    item?.kind === 'FAQ'
      ? t('hospitalInfo.faqTitle')
      : item?.kind === 'GUIDE'
        ? t('hospitalInfo.guideTitle')
        : title;

  return (
    <Page title={pageTitle} back={back}>
      {!Number.isInteger(idx) || idx <= 0 ? (
        <ErrorView message={t('hospitalInfo.notFound')} />
      ) : content.isPending ? (
        <LoadingView />
      ) : content.isError ? (
        <ErrorView message={errorMessage(content.error)} onRetry={() => void content.refetch()} />
      ) : (
        <article className="hi-article" aria-labelledby="hi-article-title">
          <p className="hi-row-tags">
            {content.data.pinned && <span className="hi-tag hi-tag-pinned">{t('hospitalInfo.pinned')}</span>}
            <span className="hi-tag">{content.data.category}</span>
          </p>
          <h2 id="hi-article-title" className="hi-article-title">
            {content.data.title}
          </h2>
          <p className="hi-row-meta">
            <PublishedDate iso={content.data.publishedAt} />
          </p>
          {content.data.image && <img className="hi-image" src={content.data.image.url} alt="" />}
          <RichText html={content.data.body} />
          <Attachments files={content.data.attachments} />
          {content.data.relatedIdxs.length > 0 && (
            <nav className="hi-related" aria-labelledby="hi-related-title">
              <h2 id="hi-related-title" className="section-title">
                {t('hospitalInfo.related')}
              </h2>
              <ul className="hi-list">
                {content.data.relatedIdxs.map((related) => (
                  <RelatedGuide key={related} idx={related} />
                ))}
              </ul>
            </nav>
          )}
        </article>
      )}
    </Page>
  );
}

/** A related guide by its title; one no longer published simply is not listed. */
function RelatedGuide({ idx }: { idx: number }) {
  const guide = useContent(idx);
  if (!guide.isSuccess) return null;
  return (
    <li>
      <Link className="hi-row" to={paths.hospital.guideSearchDetail.href(idx)}>
        <span className="hi-row-tags">
          <span className="hi-tag">{guide.data.category}</span>
        </span>
        <span className="hi-row-title">{guide.data.title}</span>
      </Link>
    </li>
  );
}
