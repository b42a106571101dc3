import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiCalls } from '@smartcare/contract/api-calls';
import { ok } from '../../lib/envelope.ts';
import { routeOf } from '../../lib/route-of.ts';
import { patientOf, staffOf } from '../../plugins/auth/auth.plugin.ts';
import type { DocumentRequestService } from './document-request.service.ts';

const calls = apiCalls.documentRequest;
/** The public verification may be probed: each guess costs the prober. */
const verifyLimit = { rateLimit: { max: 30, timeWindow: 60_000 } };

/**
 * The origin a certificate's QR code and printed URL lead to: `PUBLIC_ORIGIN` when set,
 * else the origin this server listens on. Never the request's Host header: a certificate
 * issued from the staff console's own origin would carry a dead link, and a forged Host
 * would point the QR code wherever the caller liked.
 */
export function verifyOrigin(app: Pick<FastifyInstance, 'server'>, publicOrigin: string | undefined): string {
  if (publicOrigin) return publicOrigin;
  const address = app.server.address() as AddressInfo | string | null;
  if (!address || typeof address === 'string') return 'http://localhost';
  const host =
    address.address === '0.0.0.0' || address.address === '::'
      ? 'localhost'
      : address.family === 'IPv6'
        ? `[${address.address}]`
        : address.address;
  return `http://${host}:${address.port}`;
}

/** Document requests (issue 16): the patient's requests and downloads, the staff queue and actions. */
export const documentRequestRoutes: FastifyPluginAsyncZod<{
  documents: DocumentRequestService;
  publicOrigin: string | undefined;
}> = async (app, { documents, publicOrigin }) => {
  app.route({
    ...routeOf(calls.getFees, { auth: 'patient', summary: "The chosen hospital's certificate fees" }),
    handler: async (request) => ok(request, await documents.fees(patientOf(request).idx)),
  });

  app.route({
    ...routeOf(calls.create, {
      auth: 'patient',
      summary: 'Ask for a certificate (a resend with the same clientRequestId returns the first)',
    }),
    handler: async (request) => ok(request, await documents.create(patientOf(request).idx, request.body)),
  });

  app.route({
    ...routeOf(calls.getMyRequests, { auth: 'patient', summary: "The patient's requests, newest first" }),
    handler: async (request) => ok(request, await documents.myRequests(patientOf(request).idx)),
  });

  app.route({
    ...routeOf(calls.getMyRequest, {
      auth: 'patient',
      summary: 'One of the patient’s requests with its timeline',
    }),
    handler: async (request) =>
      ok(request, await documents.myRequest(patientOf(request).idx, request.query.idx)),
  });

  app.route({
    ...routeOf(calls.cancel, { auth: 'patient', summary: 'Cancel a request not yet in review' }),
    handler: async (request) => ok(request, await documents.cancel(patientOf(request).idx, request.body.idx)),
  });

  app.route({
    ...routeOf(calls.download, { auth: 'patient', summary: 'The issued PDF (owner only, audited)' }),
    handler: async (request) =>
      ok(request, await documents.download(patientOf(request).idx, request.query.idx)),
  });

  app.route({
    ...routeOf(calls.getQueue, { auth: 'staff', summary: "The hospital's requests, open ones first" }),
    handler: async (request) => ok(request, await documents.queue(staffOf(request).idx, request.query)),
  });

  app.route({
    ...routeOf(calls.getRequest, { auth: 'staff', summary: 'One request of the hospital with its timeline' }),
    handler: async (request) => ok(request, await documents.request(staffOf(request).idx, request.query.idx)),
  });

  app.route({
    ...routeOf(calls.review, { auth: 'staff', summary: 'Start reviewing (검토 중)' }),
    handler: async (request) => ok(request, await documents.review(staffOf(request).idx, request.body.idx)),
  });

  app.route({
    ...routeOf(calls.issue, { auth: 'staff', summary: 'Generate the PDF and issue it (발급 완료)' }),
    handler: async (request) =>
      ok(
        request,
        await documents.issue(
          staffOf(request).idx,
          request.body.idx,
          request.body.content,
          verifyOrigin(app, publicOrigin),
        ),
      ),
  });

  app.route({
    ...routeOf(calls.reject, { auth: 'staff', summary: 'Reject with a reason (반려)' }),
    handler: async (request) =>
      ok(request, await documents.reject(staffOf(request).idx, request.body.idx, request.body.reason)),
  });

  app.route({
    ...routeOf(calls.getIssuedPdf, {
      auth: 'staff',
      summary: "Staff: an issued certificate's PDF of their hospital, to print at the desk (audited)",
    }),
    handler: async (request) =>
      ok(request, await documents.issuedPdf(staffOf(request).idx, request.query.idx)),
  });

  app.route({
    ...routeOf(calls.verify, {
      summary: 'Public: is this verification code an issued certificate? (no health details)',
      config: verifyLimit,
    }),
    handler: async (request) => ok(request, await documents.verify(request.query.code)),
  });
};
