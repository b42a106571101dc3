import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { API_PREFIX } from '@smartcare/contract/api-paths';
import { documentRequestRoutes } from './document-request.routes.ts';
import type { DocumentRequestService } from './document-request.service.ts';
import { verifyPageRoutes } from './verify-page.ts';

export const DOCUMENT_PURGE_JOB = 'document-request.purgeExpired';

/**
 * Document requests and issued certificates (issue 16). The patient hears of 검토 중, 발급 완료
 * and 반려 through the notification service (its live topic refreshes the list, decision 026).
 * Registered without a prefix: the API routes get it here, the public verification page
 * `/verify/{code}` (the QR code's address) stays at the root.
 */
export const documentRequestModule: FastifyPluginAsyncZod<{
  documents: DocumentRequestService;
  /** PUBLIC_ORIGIN: where the certificates' QR codes lead (unset: the listening origin). */
  publicOrigin?: string | undefined;
}> = async (app, { documents, publicOrigin }) => {
  app.jobs.register({ name: DOCUMENT_PURGE_JOB, run: () => documents.purgeExpired() });
  app.patientErasure.register('documentRequests', documents.erasePatient);
  await app.register(documentRequestRoutes, { prefix: API_PREFIX, documents, publicOrigin });
  await app.register(verifyPageRoutes, { documents });
};
