import { DocumentQueue } from '../../features/document-requests/components/document-queue';

/** issue 16: the hospital's document requests. */
export function DocumentRequestsRoute() {
  return <DocumentQueue />;
}
