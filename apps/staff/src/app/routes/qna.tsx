import { QnaBoard } from '../../features/qna/components/qna-board';

/** issue 17: the hospital's Q&A queue. */
export function QnaRoute() {
  return <QnaBoard />;
}
