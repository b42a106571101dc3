import { randomBytes } from 'node:crypto';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiCalls } from '@smartcare/contract/api-calls';
import {
  networkProbeQuerySchema,
  TELEMEDICINE_PROBE_DEFAULT_BYTES,
  TELEMEDICINE_PROBE_PATH,
  TELEMEDICINE_PROBE_PER_MINUTE,
} from '@smartcare/contract/telemedicine';
import { ok } from '../../lib/envelope.ts';
import { routeOf } from '../../lib/route-of.ts';
import { patientOf, staffOf } from '../../plugins/auth/auth.plugin.ts';
import type { TelemedicineService } from './telemedicine.service.ts';

const calls = apiCalls.telemedicine;

/** Telemedicine (issue 17): the patient's visits and waiting room; the staff day, calls and requests. */
export const telemedicineRoutes: FastifyPluginAsyncZod<{ telemedicine: TelemedicineService }> = async (
  app,
  { telemedicine },
) => {
  // ---- the patient ----
  app.route({
    ...routeOf(calls.getMyVisits, { auth: 'patient', summary: "The patient's visits, upcoming and past" }),
    handler: async (request) => ok(request, await telemedicine.myVisits(patientOf(request).idx)),
  });
  app.route({
    ...routeOf(calls.getMyVisit, {
      auth: 'patient',
      summary: 'One visit with its history and consent state',
    }),
    handler: async (request) =>
      ok(request, await telemedicine.myVisit(patientOf(request).idx, request.query.visitIdx)),
  });
  app.route({
    ...routeOf(calls.agreeConsent, {
      auth: 'patient',
      summary: 'Agree to the telemedicine consent (비대면진료 동의)',
    }),
    handler: async (request) =>
      ok(request, await telemedicine.agreeConsent(patientOf(request).idx, request.body.version)),
  });
  app.route({
    ...routeOf(calls.enterWaitingRoom, {
      auth: 'patient',
      summary: 'Enter the waiting room (window and consent)',
    }),
    handler: async (request) =>
      ok(request, await telemedicine.enterWaitingRoom(patientOf(request).idx, request.body.visitIdx)),
  });
  app.route({
    ...routeOf(calls.leaveWaitingRoom, {
      auth: 'patient',
      summary: 'Leave the waiting room (may come back)',
    }),
    handler: async (request) =>
      ok(request, await telemedicine.leaveWaitingRoom(patientOf(request).idx, request.body.visitIdx)),
  });
  app.route({
    ...routeOf(calls.requestChange, { auth: 'patient', summary: 'Ask to change the time (preferred times)' }),
    handler: async (request) =>
      ok(request, await telemedicine.requestChange(patientOf(request).idx, request.body)),
  });
  app.route({
    ...routeOf(calls.requestCancel, { auth: 'patient', summary: 'Ask to cancel' }),
    handler: async (request) =>
      ok(request, await telemedicine.requestCancel(patientOf(request).idx, request.body)),
  });
  app.route({
    ...routeOf(calls.withdrawRequest, { auth: 'patient', summary: 'Withdraw the open request' }),
    handler: async (request) =>
      ok(request, await telemedicine.withdrawRequest(patientOf(request).idx, request.body.visitIdx)),
  });
  app.route({
    ...routeOf(calls.reportDeviceCheck, { auth: 'patient', summary: 'Store the device check (latest wins)' }),
    handler: async (request) =>
      ok(request, await telemedicine.reportDeviceCheck(patientOf(request).idx, request.body)),
  });

  // ---- both ----
  app.route({
    ...routeOf(calls.getIceServers, {
      auth: 'any',
      summary:
        "STUN/TURN servers with short-lived TURN REST credentials, for a visit's patient or clinician while it is open",
    }),
    handler: async (request) => {
      const principal = request.principal!;
      return ok(
        request,
        await telemedicine.iceServersFor(
          { kind: principal.principal, idx: principal.idx },
          request.query.visitIdx,
        ),
      );
    },
  });
  // Bytes, not an envelope (like content files): no entry in the contract's call table.
  app.get(
    TELEMEDICINE_PROBE_PATH,
    {
      schema: {
        tags: ['telemedicine'],
        summary: 'N random bytes to time the connection (bytes=0: the round trip); not an envelope',
        security: [{ bearerAuth: [] }],
        querystring: networkProbeQuerySchema,
        response: { 200: z.unknown().describe('application/octet-stream, N random bytes') },
      },
      config: {
        auth: 'any',
        // Per caller: the rate limit runs before the token is read, so its key is the token itself.
        rateLimit: {
          max: TELEMEDICINE_PROBE_PER_MINUTE,
          timeWindow: 60_000,
          keyGenerator: (request) => request.headers.authorization ?? request.ip,
        },
      },
    },
    async (request, reply) => {
      const bytes = request.query.bytes ?? TELEMEDICINE_PROBE_DEFAULT_BYTES;
      return reply
        .header('content-type', 'application/octet-stream')
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(bytes === 0 ? Buffer.alloc(0) : randomBytes(bytes));
    },
  );

  // ---- staff ----
  app.route({
    ...routeOf(calls.getDay, {
      auth: 'staff',
      summary: "A day of the hospital's visits (or one clinician's)",
    }),
    handler: async (request) => ok(request, await telemedicine.day(staffOf(request).idx, request.query)),
  });
  app.route({
    ...routeOf(calls.getVisit, { auth: 'staff', summary: 'One visit of the hospital with its history' }),
    handler: async (request) =>
      ok(request, await telemedicine.visit(staffOf(request).idx, request.query.visitIdx)),
  });
  app.route({
    ...routeOf(calls.getClinicians, { auth: 'staff', summary: 'Staff of the hospital who may hold calls' }),
    handler: async (request) => ok(request, await telemedicine.clinicians(staffOf(request).idx)),
  });
  app.route({
    ...routeOf(calls.getBookablePatients, { auth: 'staff', summary: "The hospital's patients to book for" }),
    handler: async (request) => ok(request, await telemedicine.bookablePatients(staffOf(request).idx)),
  });
  app.route({
    ...routeOf(calls.book, { auth: 'staff', summary: 'Book a visit with a clinician at a free time' }),
    handler: async (request) => ok(request, await telemedicine.book(staffOf(request).idx, request.body)),
  });
  app.route({
    ...routeOf(calls.move, { auth: 'staff', summary: 'Move a booked visit' }),
    handler: async (request) =>
      ok(
        request,
        await telemedicine.move(staffOf(request).idx, request.body.visitIdx, request.body.scheduledAt),
      ),
  });
  app.route({
    ...routeOf(calls.cancel, { auth: 'staff', summary: 'Cancel a booked visit with a reason' }),
    handler: async (request) =>
      ok(
        request,
        await telemedicine.cancel(staffOf(request).idx, request.body.visitIdx, request.body.reason),
      ),
  });
  app.route({
    ...routeOf(calls.admit, { auth: 'staff', summary: 'Admit the waiting patient: the call starts' }),
    handler: async (request) =>
      ok(request, await telemedicine.admit(staffOf(request).idx, request.body.visitIdx)),
  });
  app.route({
    ...routeOf(calls.endCall, { auth: 'staff', summary: 'End the call: the visit is complete' }),
    handler: async (request) =>
      ok(request, await telemedicine.endCall(staffOf(request).idx, request.body.visitIdx)),
  });
  app.route({
    ...routeOf(calls.markNoShow, {
      auth: 'staff',
      summary: 'Mark a patient who did not come (after the time)',
    }),
    handler: async (request) =>
      ok(request, await telemedicine.markNoShow(staffOf(request).idx, request.body.visitIdx)),
  });
  app.route({
    ...routeOf(calls.writeSummary, {
      auth: 'staff',
      summary: 'Write or edit the summary of a finished visit',
    }),
    handler: async (request) =>
      ok(request, await telemedicine.writeSummary(staffOf(request).idx, request.body)),
  });
  app.route({
    ...routeOf(calls.getRequests, {
      auth: 'staff',
      summary: 'Booked visits with an open change or cancel request',
    }),
    handler: async (request) => ok(request, await telemedicine.requests(staffOf(request).idx)),
  });
  app.route({
    ...routeOf(calls.acceptRequest, { auth: 'staff', summary: 'Accept the open request' }),
    handler: async (request) =>
      ok(request, await telemedicine.acceptRequest(staffOf(request).idx, request.body)),
  });
  app.route({
    ...routeOf(calls.declineRequest, { auth: 'staff', summary: 'Decline the open request with a reason' }),
    handler: async (request) =>
      ok(
        request,
        await telemedicine.declineRequest(staffOf(request).idx, request.body.visitIdx, request.body.reason),
      ),
  });
};
