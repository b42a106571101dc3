import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../components/ui/page';
import { EmptyView, ErrorView, LoadingView } from '../../components/ui/state-views';
import { areaConfig } from '../../config/area';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/date-format';
import { QNA_PAGE_SIZE, useMyQuestions } from './api/get-my-questions';
import { QnaStatusChip } from './qna-parts';
import { useQnaLive } from './use-qna-live';
import './qna.css';

/** `/homecare/qna/list`: the patient's questions, newest first, a page at a time, live. */
export function QnaListScreen() {
  const { t } = useTranslation();
  const [pNum, setPNum] = useState(1);
  const questions = useMyQuestions(pNum);
  useQnaLive();
  const pages = questions.data ? Math.max(1, Math.ceil(questions.data.totalCount / QNA_PAGE_SIZE)) : 1;

  return (
    <Page title={t('qna.list.title')} back={areaConfig.homecare.home}>
      <p className="qna-help">{t('qna.list.intro')}</p>
      <Link className="btn btn-primary btn-block" to={paths.homecare.qnaRegist.href()}>
        {t('qna.list.ask')}
      </Link>
      {questions.isPending && <LoadingView />}
      {questions.isError && (
        <ErrorView message={errorMessage(questions.error)} onRetry={() => void questions.refetch()} />
      )}
      {questions.isSuccess && questions.data.totalCount === 0 && <EmptyView>{t('qna.list.empty')}</EmptyView>}
      {questions.isSuccess && questions.data.dataList.length > 0 && (
        <>
          <ul className="qna-list" aria-live="polite">
            {questions.data.dataList.map((q) => (
              <li key={q.idx}>
                <Link className="qna-row" to={paths.homecare.qnaDetail.href(q.idx)}>
                  <span className="qna-row-top">
                    <span className="qna-row-title">{q.title}</span>
                    <QnaStatusChip status={q.status} />
                  </span>
                  <span className="qna-meta">
                    {t(`qna.category.${q.category}`)} · {formatDateTime(q.askedAt)}
                    {q.photoCount > 0 ? ` · ${t('qna.list.photos', { count: q.photoCount })}` : ''}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
          {pages > 1 && (
            <nav className="qna-pager" aria-label={t('qna.list.pager')}>
              <button
                type="button"
                className="btn"
                disabled={pNum <= 1}
                onClick={() => setPNum((n) => n - 1)}
              >
                {t('qna.list.newer')}
              </button>
              <span className="qna-meta">{t('qna.list.pageOf', { page: pNum, pages })}</span>
              <button
                type="button"
                className="btn"
                disabled={pNum >= pages}
                onClick={() => setPNum((n) => n + 1)}
              >
                {t('qna.list.older')}
              </button>
            </nav>
          )}
        </>
      )}
    </Page>
  );
}
