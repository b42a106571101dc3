import type { Area } from '../../config/area';
import { DocumentRequestDetailScreen } from './document-request-detail-screen';
import { DocumentRequestListScreen } from './document-request-list-screen';

/** `/hospital/documentrequest/list` (spec §2), with the request form at `?new=1`. */
export function DocumentRequestListRoute({ area }: { area: Area }) {
  return <DocumentRequestListScreen area={area} />;
}

/** `/hospital/documentrequest/{idx}` (spec §2). */
export function DocumentRequestDetailRoute({ area, idx }: { area: Area; idx: string }) {
  return <DocumentRequestDetailScreen area={area} idx={idx} />;
}
