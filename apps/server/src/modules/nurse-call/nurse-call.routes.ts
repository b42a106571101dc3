import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiCalls } from '@smartcare/contract/api-calls';
import { ok } from '../../lib/envelope.ts';
import { routeOf } from '../../lib/route-of.ts';
import { patientOf, staffOf } from '../../plugins/auth/auth.plugin.ts';
import type { NurseCallService } from './nurse-call.service.ts';

const calls = apiCalls.nurseCall;

/**
 * Nurse calls over REST: the patient's list and cancel, the ward board's list, acknowledge
 * and complete. Requests themselves arrive over MQTT (`nurseCalling/{hospitalIdx}`, spec §7).
 */
export const nurseCallRoutes: FastifyPluginAsyncZod<{ nurseCalls: NurseCallService }> = async (
  app,
  { nurseCalls },
) => {
  app.route({
    ...routeOf(calls.getMyCalls, { auth: 'patient', summary: "The patient's calls, newest first" }),
    handler: async (request) => ok(request, await nurseCalls.myCalls(patientOf(request).idx)),
  });

  app.route({
    ...routeOf(calls.getOpenCalls, {
      auth: 'staff',
      summary: "The ward board: the hospital's open calls by priority, then age",
    }),
    handler: async (request) => ok(request, await nurseCalls.openCalls(staffOf(request).idx)),
  });

  app.route({
    ...routeOf(calls.getHandledCalls, {
      auth: 'staff',
      summary: "This shift's done and cancelled calls of the hospital, newest first (response times)",
    }),
    handler: async (request) => ok(request, await nurseCalls.handledCalls(staffOf(request).idx)),
  });

  app.route({
    ...routeOf(calls.acknowledge, { auth: 'staff', summary: 'Acknowledge a call' }),
    handler: async (request) =>
      ok(request, await nurseCalls.acknowledge(staffOf(request).idx, request.body.callIdx)),
  });

  app.route({
    ...routeOf(calls.complete, { auth: 'staff', summary: 'Complete a call' }),
    handler: async (request) =>
      ok(request, await nurseCalls.complete(staffOf(request).idx, request.body.callIdx)),
  });

  app.route({
    ...routeOf(calls.cancel, { auth: 'patient', summary: 'Cancel an open call' }),
    handler: async (request) =>
      ok(request, await nurseCalls.cancel(patientOf(request).idx, request.body.callIdx)),
  });
};
