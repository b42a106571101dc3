import { SEARCH_KEYWORD_MAX, type SearchResult } from '@smartcare/contract/hospital-content';
import { useDeferredValue, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Page } from '../../components/ui/page';
import { EmptyView, ErrorView, LoadingView } from '../../components/ui/state-views';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { useCategories, useContentSearch, useGuideList } from './api/hospital-content';
import { Highlighted, NeedsHospital } from './hospital-info-parts';
import './hospital-info.css';

/**
 * `/hospital/guidesearch/list`: one search box over the guides and the FAQ, results as the
 * patient types (초성, spacing and small typos forgiven, decision 019) with the matched words
 * marked; the guide categories to browse while nothing is typed; the consulting chat when
 * nothing is found.
 */
export function GuideSearchScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('hospitalInfo.guideTitle')} back={paths.hospital.serviceHome.href()}>
      <NeedsHospital here={paths.hospital.guideSearchList.href()}>
        <GuideSearch />
      </NeedsHospital>
    </Page>
  );
}

function GuideSearch() {
  const { t } = useTranslation();
  // In the address, so coming back from a guide finds the same results.
  const [params, setParams] = useSearchParams();
  const typed = params.get('q') ?? '';
  const keyword = useDeferredValue(typed.trim());
  const search = useContentSearch(keyword);
  const inputId = useId();

  return (
    <>
      <form role="search" className="hi-search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={inputId} className="hi-search-label">
          {t('hospitalInfo.guideSearchLabel')}
        </label>
        <input
          id={inputId}
          type="search"
          className="hi-search-input"
          value={typed}
          maxLength={SEARCH_KEYWORD_MAX}
          placeholder={t('hospitalInfo.guideSearchPlaceholder')}
          onChange={(event) =>
            setParams(event.target.value ? { q: event.target.value } : {}, { replace: true })
          }
        />
      </form>
      {keyword ? <SearchResults search={search} /> : <Browse />}
    </>
  );
}

function SearchResults({ search }: { search: ReturnType<typeof useContentSearch> }) {
  const { t } = useTranslation();
  if (search.isPending) return <LoadingView />;
  if (search.isError) {
    return <ErrorView message={errorMessage(search.error)} onRetry={() => void search.refetch()} />;
  }
  if (search.data.length === 0) {
    return (
      <div className="state-view">
        <p className="state-view-title">{t('hospitalInfo.searchEmptyTitle')}</p>
        <p>{t('hospitalInfo.searchEmpty')}</p>
        <Link className="btn btn-primary" to={paths.hospital.consultingChat.href()}>
          {t('hospitalInfo.askInChat')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <p className="hi-count" role="status">
        {t('hospitalInfo.resultCount', { count: search.data.length })}
      </p>
      <ul className="hi-list">
        {search.data.map((result) => (
          <li key={result.idx}>
            <ResultRow result={result} />
          </li>
        ))}
      </ul>
    </>
  );
}

function ResultRow({ result }: { result: SearchResult }) {
  const { t } = useTranslation();
  const to =
    result.kind === 'GUIDE'
      ? paths.hospital.guideSearchDetail.href(result.idx)
      : paths.hospital.newsDetail.href(result.idx);
  return (
    <Link className="hi-row" to={to}>
      <span className="hi-row-tags">
        <span className="hi-tag">
          {t(result.kind === 'GUIDE' ? 'hospitalInfo.kindGuide' : 'hospitalInfo.kindFaq')}
        </span>
        <span className="hi-tag">{result.category}</span>
      </span>
      <span className="hi-row-title">
        <Highlighted text={result.title} ranges={result.titleHighlights} />
      </span>
      {result.snippet && (
        <span className="hi-row-snippet">
          <Highlighted text={result.snippet} ranges={result.snippetHighlights} />
        </span>
      )}
    </Link>
  );
}

/** Nothing typed: the guide categories, each opening its guides in place. */
function Browse() {
  const { t } = useTranslation();
  const categories = useCategories('GUIDE');
  const [open, setOpen] = useState<string | null>(null);
  if (categories.isPending) return <LoadingView />;
  if (categories.isError) {
    return <ErrorView message={errorMessage(categories.error)} onRetry={() => void categories.refetch()} />;
  }
  if (categories.data.length === 0) return <EmptyView>{t('hospitalInfo.guideEmpty')}</EmptyView>;
  return (
    <section aria-labelledby="hi-browse-title">
      <h2 id="hi-browse-title" className="section-title">
        {t('hospitalInfo.browseTitle')}
      </h2>
      <ul className="hi-faq-list">
        {categories.data.map(({ category, count }) => (
          <li key={category} className="hi-faq">
            <button
              type="button"
              className="hi-faq-question"
              aria-expanded={open === category}
              onClick={() => setOpen(open === category ? null : category)}
            >
              <span className="hi-faq-text">{category}</span>
              <span className="hi-count-badge">{t('hospitalInfo.itemCount', { count })}</span>
            </button>
            {open === category && <CategoryGuides category={category} />}
          </li>
        ))}
      </ul>
    </section>
  );
}

function CategoryGuides({ category }: { category: string }) {
  const guides = useGuideList(category);
  if (guides.isPending) return <LoadingView />;
  if (guides.isError)
    return <ErrorView message={errorMessage(guides.error)} onRetry={() => void guides.refetch()} />;
  return (
    <ul className="hi-list hi-sublist">
      {guides.data.map((guide) => (
        <li key={guide.idx}>
          <Link className="hi-row" to={paths.hospital.guideSearchDetail.href(guide.idx)}>
            <span className="hi-row-title">{guide.title}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
