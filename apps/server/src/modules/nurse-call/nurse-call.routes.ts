import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '@smartcare/contract/api-paths';
import { envelopeSchema } from '@smartcare/contract/envelope';
import { nurseCallActionBodySchema, nurseCallSchema } from '@smartcare/contract/nurse-call';
import { ok } from '../../lib/envelope.ts';
import { patientOf, staffOf } from '../../plugins/auth/auth.plugin.ts';
import type { NurseCallService } from './nurse-call.service.ts';

const security = [{ bearerAuth: [] }];
const oneCall = { 200: envelopeSchema(nurseCallSchema) };
const callList = { 200: envelopeSchema(z.array(nurseCallSchema)) };

/**
 * Nurse calls over REST: the patient's list and cancel, the ward board's list, acknowledge
 * and complete. Requests themselves arrive over MQTT (`nurseCalling/{hospitalIdx}`, spec §7).
 */
export const nurseCallRoutes: FastifyPluginAsyncZod<{ nurseCalls: NurseCallService }> = async (
  app,
  { nurseCalls },
) => {
  app.get(
    apiPaths.nurseCall.getMyCalls,
    {
      config: { auth: 'patient' },
      schema: {
        tags: ['nurseCall'],
        summary: "The patient's calls, newest first",
        security,
        response: callList,
      },
    },
    async (request) => ok(request, await nurseCalls.myCalls(patientOf(request).idx)),
  );

  app.get(
    apiPaths.nurseCall.getOpenCalls,
    {
      config: { auth: 'staff' },
      schema: {
        tags: ['nurseCall'],
        summary: "The ward board: the hospital's open calls by priority, then age",
        security,
        response: callList,
      },
    },
    async (request) => ok(request, await nurseCalls.openCalls(staffOf(request).idx)),
  );

  app.get(
    apiPaths.nurseCall.getHandledCalls,
    {
      config: { auth: 'staff' },
      schema: {
        tags: ['nurseCall'],
        summary: "This shift's done and cancelled calls of the hospital, newest first (response times)",
        security,
        response: callList,
      },
    },
    async (request) => ok(request, await nurseCalls.handledCalls(staffOf(request).idx)),
  );

  app.put(
    apiPaths.nurseCall.acknowledge,
    {
      config: { auth: 'staff' },
      schema: {
        tags: ['nurseCall'],
        summary: 'Acknowledge a call',
        security,
        body: nurseCallActionBodySchema,
        response: oneCall,
      },
    },
    async (request) => ok(request, await nurseCalls.acknowledge(staffOf(request).idx, request.body.callIdx)),
  );

  app.put(
    apiPaths.nurseCall.complete,
    {
      config: { auth: 'staff' },
      schema: {
        tags: ['nurseCall'],
        summary: 'Complete a call',
        security,
        body: nurseCallActionBodySchema,
        response: oneCall,
      },
    },
    async (request) => ok(request, await nurseCalls.complete(staffOf(request).idx, request.body.callIdx)),
  );

  app.put(
    apiPaths.nurseCall.cancel,
    {
      config: { auth: 'patient' },
      schema: {
        tags: ['nurseCall'],
        summary: 'Cancel an open call',
        security,
        body: nurseCallActionBodySchema,
        response: oneCall,
      },
    },
    async (request) => ok(request, await nurseCalls.cancel(patientOf(request).idx, request.body.callIdx)),
  );
};
