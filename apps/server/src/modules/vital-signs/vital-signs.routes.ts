import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiCalls } from '@smartcare/contract/api-calls';
import { localeOf, ok } from '../../lib/envelope.ts';
import { routeOf } from '../../lib/route-of.ts';
import { patientOf, staffOf } from '../../plugins/auth/auth.plugin.ts';
import type { VitalSignService } from './vital-signs.service.ts';

const calls = apiCalls.vitalSign;

/** Home-care vital signs (issue 13): the patient's readings, the phone's imports, a nurse's targets. */
export const vitalSignRoutes: FastifyPluginAsyncZod<{ vitalSigns: VitalSignService }> = async (
  app,
  { vitalSigns },
) => {
  app.route({
    ...routeOf(calls.record, {
      auth: 'patient',
      summary: 'Record a reading; impossible values and future times are refused, nothing stored',
    }),
    handler: async (request) =>
      ok(request, await vitalSigns.record(patientOf(request).idx, request.body, localeOf(request))),
  });

  app.route({
    ...routeOf(calls.getReadings, {
      auth: 'patient',
      summary: "The patient's readings of one kind, newest first, paged",
    }),
    handler: async (request) => ok(request, await vitalSigns.readings(patientOf(request).idx, request.query)),
  });

  app.route({
    ...routeOf(calls.update, { auth: 'patient', summary: 'Correct a reading the patient typed' }),
    handler: async (request) =>
      ok(
        request,
        await vitalSigns.update(
          patientOf(request).idx,
          request.body.idx,
          request.body.reading,
          localeOf(request),
        ),
      ),
  });

  app.route({
    ...routeOf(calls.delete, { auth: 'patient', summary: 'Delete a reading the patient typed' }),
    handler: async (request) => {
      await vitalSigns.delete(patientOf(request).idx, request.body.idx);
      return ok(request, {});
    },
  });

  app.route({
    ...routeOf(calls.getSummary, {
      auth: 'patient',
      summary: 'Averages, counts and a chart series for a period (long periods averaged per bucket)',
    }),
    handler: async (request) => ok(request, await vitalSigns.summary(patientOf(request).idx, request.query)),
  });

  app.route({
    ...routeOf(calls.getDashboard, {
      auth: 'patient',
      summary: 'The latest reading of every kind with its class, and 7 days of daily averages',
    }),
    handler: async (request) => ok(request, await vitalSigns.dashboard(patientOf(request).idx)),
  });

  app.route({
    ...routeOf(calls.importBatch, {
      auth: 'patient',
      summary: "Records from the phone's health platform, once per source record id (native bridge)",
    }),
    handler: async (request) =>
      ok(request, await vitalSigns.importBatch(patientOf(request).idx, request.body, localeOf(request))),
  });

  app.route({
    ...routeOf(calls.getMyTargets, {
      auth: 'patient',
      summary: 'The personal targets a nurse set for the patient',
    }),
    handler: async (request) => ok(request, await vitalSigns.myTargets(patientOf(request).idx)),
  });

  app.route({
    ...routeOf(calls.getPatientTargets, {
      auth: 'staff',
      summary: "A patient's personal targets (the staff member's hospital only)",
    }),
    handler: async (request) =>
      ok(request, await vitalSigns.patientTargets(staffOf(request).idx, request.query.patientIdx)),
  });

  app.route({
    ...routeOf(calls.setTarget, { auth: 'staff', summary: "Set a patient's personal target for one kind" }),
    handler: async (request) => ok(request, await vitalSigns.setTarget(staffOf(request).idx, request.body)),
  });

  app.route({
    ...routeOf(calls.clearTarget, {
      auth: 'staff',
      summary: "Remove a patient's personal target (the guideline applies again)",
    }),
    handler: async (request) =>
      ok(
        request,
        await vitalSigns.clearTarget(staffOf(request).idx, request.body.patientIdx, request.body.kind),
      ),
  });
};
