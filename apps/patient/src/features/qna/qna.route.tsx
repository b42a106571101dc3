import { QnaDetailScreen } from './qna-detail-screen';

/** `/homecare/qna/{idx}` (spec §2). */
export function QnaDetailRoute({ idx }: { idx: string }) {
  return <QnaDetailScreen idx={idx} />;
}
