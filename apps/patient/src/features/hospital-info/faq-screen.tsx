import type { Content } from '@smartcare/contract/hospital-content';
import { SEARCH_KEYWORD_MAX } from '@smartcare/contract/hospital-content';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/ui/page';
import { EmptyView, ErrorView, LoadingView } from '../../components/ui/state-views';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { useContentSearch, useFaqList } from './api/hospital-content';
import { NeedsHospital, RichText } from './hospital-info-parts';
import './hospital-info.css';

/** `/hospital/news/faq`: category chips, questions that open in place, and a search over the FAQ. */
export function FaqScreen() {
  const { t } = useTranslation();
  return (
    <Page title={t('hospitalInfo.faqTitle')} back={paths.hospital.serviceHome.href()}>
      <NeedsHospital here={paths.hospital.newsFaq.href()}>
        <Faq />
      </NeedsHospital>
    </Page>
  );
}

function Faq() {
  const { t } = useTranslation();
  // Every entry at once (a hospital has tens, not thousands): chips and search pick from them.
  const faq = useFaqList(null);
  const [category, setCategory] = useState<string | null>(null);
  const [typed, setTyped] = useState('');
  const keyword = useDeferredValue(typed.trim());
  // The same Korean-aware search as the guides (초성, spacing, typos), kept to FAQ entries.
  const search = useContentSearch(keyword);
  const searchId = useId();

  const categories = useMemo(() => [...new Set((faq.data ?? []).map((entry) => entry.category))], [faq.data]);

  const shown: Content[] = useMemo(() => {
    const all = faq.data ?? [];
    if (keyword) {
      const byIdx = new Map(all.map((entry) => [entry.idx, entry]));
      return (search.data ?? [])
        .filter((result) => result.kind === 'FAQ')
        .flatMap((result) => byIdx.get(result.idx) ?? []);
    }
    return category ? all.filter((entry) => entry.category === category) : all;
  }, [faq.data, search.data, keyword, category]);

  if (faq.isPending) return <LoadingView />;
  if (faq.isError) return <ErrorView message={errorMessage(faq.error)} onRetry={() => void faq.refetch()} />;
  if (faq.data.length === 0) return <EmptyView>{t('hospitalInfo.faqEmpty')}</EmptyView>;

  return (
    <>
      <form role="search" className="hi-search" onSubmit={(event) => event.preventDefault()}>
        <label htmlFor={searchId} className="hi-search-label">
          {t('hospitalInfo.faqSearchLabel')}
        </label>
        <input
          id={searchId}
          type="search"
          className="hi-search-input"
          value={typed}
          maxLength={SEARCH_KEYWORD_MAX}
          placeholder={t('hospitalInfo.faqSearchPlaceholder')}
          onChange={(event) => setTyped(event.target.value)}
        />
      </form>

      {!keyword && (
        <div className="hi-chips" role="group" aria-label={t('hospitalInfo.categories')}>
          {[null, ...categories].map((chip) => (
            <button
              key={chip ?? ''}
              type="button"
              className="hi-chip"
              aria-pressed={category === chip}
              onClick={() => setCategory(chip)}
            >
              {chip ?? t('hospitalInfo.allCategories')}
            </button>
          ))}
        </div>
      )}

      {keyword && search.isPending && <LoadingView />}
      {keyword && search.isError && (
        <ErrorView message={errorMessage(search.error)} onRetry={() => void search.refetch()} />
      )}
      {(!keyword || search.isSuccess) &&
        (shown.length === 0 ? (
          <div className="state-view">
            <p>{t('hospitalInfo.faqNoResult')}</p>
            <Link className="btn btn-outline" to={paths.hospital.consultingChat.href()}>
              {t('hospitalInfo.askInChat')}
            </Link>
          </div>
        ) : (
          <ul className="hi-faq-list" aria-live="polite">
            {shown.map((entry) => (
              <FaqEntry key={entry.idx} entry={entry} />
            ))}
          </ul>
        ))}
    </>
  );
}

/** One question: tapping it opens the answer right under it. */
function FaqEntry({ entry }: { entry: Content }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const answerId = useId();
  return (
    <li className="hi-faq">
      <button
        type="button"
        className="hi-faq-question"
        aria-expanded={open}
        aria-controls={answerId}
        onClick={() => setOpen((was) => !was)}
      >
        <span className="hi-faq-q" aria-hidden="true">
          Q
        </span>
        <span className="hi-faq-text">{entry.title}</span>
      </button>
      <div id={answerId} className="hi-faq-answer" hidden={!open}>
        <span className="visually-hidden">{t('hospitalInfo.answer')}</span>
        <RichText html={entry.body} />
        <Link className="hi-link" to={paths.hospital.newsDetail.href(entry.idx)}>
          {t('hospitalInfo.openFaq')}
        </Link>
      </div>
    </li>
  );
}
