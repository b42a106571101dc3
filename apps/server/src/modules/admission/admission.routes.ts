import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  admissionPatientSchema,
  admissionSchema,
  admitBodySchema,
  dischargeBodySchema,
  getAdmissionPatientsQuerySchema,
  moveBedBodySchema,
  myAdmissionSchema,
} from '@smartcare/contract/admission';
import { apiPaths } from '@smartcare/contract/api-paths';
import { envelopeSchema } from '@smartcare/contract/envelope';
import { ok } from '../../lib/envelope.ts';
import { patientOf, staffOf } from '../../plugins/auth/auth.plugin.ts';
import type { AdmissionService } from './admission.service.ts';

const security = [{ bearerAuth: [] }];
const tags = ['admission'];
const oneAdmission = { 200: envelopeSchema(admissionSchema) };

/** Admissions over REST: the staff console's patient list and its actions, the patient's own. */
export const admissionRoutes: FastifyPluginAsyncZod<{ admissions: AdmissionService }> = async (
  app,
  { admissions },
) => {
  app.get(
    apiPaths.admission.getPatients,
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        summary: "The hospital's patients with their active admission; search by name or patient number",
        security,
        querystring: getAdmissionPatientsQuerySchema,
        response: { 200: envelopeSchema(z.array(admissionPatientSchema)) },
      },
    },
    async (request) =>
      ok(request, await admissions.listPatients(staffOf(request).idx, request.query.keyword)),
  );

  app.post(
    apiPaths.admission.admit,
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        summary: 'Admit a patient to a ward and bed',
        security,
        body: admitBodySchema,
        response: oneAdmission,
      },
    },
    async (request) => ok(request, await admissions.admit(staffOf(request).idx, request.body)),
  );

  app.put(
    apiPaths.admission.moveBed,
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        summary: 'Move an admitted patient to another ward or bed',
        security,
        body: moveBedBodySchema,
        response: oneAdmission,
      },
    },
    async (request) => ok(request, await admissions.moveBed(staffOf(request).idx, request.body)),
  );

  app.put(
    apiPaths.admission.discharge,
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        summary: 'Discharge: close the active admission',
        security,
        body: dischargeBodySchema,
        response: oneAdmission,
      },
    },
    async (request) =>
      ok(request, await admissions.discharge(staffOf(request).idx, request.body.admissionIdx)),
  );

  app.get(
    apiPaths.admission.getMyAdmission,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        summary: "The patient's active admission (null: no nurse call possible)",
        security,
        response: { 200: envelopeSchema(myAdmissionSchema) },
      },
    },
    async (request) => ok(request, await admissions.myAdmission(patientOf(request).idx)),
  );
};
