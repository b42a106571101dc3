import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiCalls } from '@smartcare/contract/api-calls';
import { ok } from '../../lib/envelope.ts';
import { routeOf } from '../../lib/route-of.ts';
import { patientOf, staffOf } from '../../plugins/auth/auth.plugin.ts';
import type { AdmissionService } from './admission.service.ts';

const calls = apiCalls.admission;

/** Admissions over REST: the staff console's patient list and its actions, the patient's own. */
export const admissionRoutes: FastifyPluginAsyncZod<{ admissions: AdmissionService }> = async (
  app,
  { admissions },
) => {
  app.route({
    ...routeOf(calls.getPatients, {
      auth: 'staff',
      summary: "The hospital's patients with their active admission; search by name or patient number",
    }),
    handler: async (request) =>
      ok(request, await admissions.listPatients(staffOf(request).idx, request.query.keyword)),
  });

  app.route({
    ...routeOf(calls.admit, { auth: 'staff', summary: 'Admit a patient to a ward and bed' }),
    handler: async (request) => ok(request, await admissions.admit(staffOf(request).idx, request.body)),
  });

  app.route({
    ...routeOf(calls.moveBed, { auth: 'staff', summary: 'Move an admitted patient to another ward or bed' }),
    handler: async (request) => ok(request, await admissions.moveBed(staffOf(request).idx, request.body)),
  });

  app.route({
    ...routeOf(calls.discharge, { auth: 'staff', summary: 'Discharge: close the active admission' }),
    handler: async (request) =>
      ok(request, await admissions.discharge(staffOf(request).idx, request.body.admissionIdx)),
  });

  app.route({
    ...routeOf(calls.getMyAdmission, {
      auth: 'patient',
      summary: "The patient's active admission (null: no nurse call possible)",
    }),
    handler: async (request) => ok(request, await admissions.myAdmission(patientOf(request).idx)),
  });
};
