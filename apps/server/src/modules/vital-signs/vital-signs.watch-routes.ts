import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiCalls } from '@smartcare/contract/api-calls';
import { vitalSignAlertSchema } from '@smartcare/contract/home-care-watch';
import { ok } from '../../lib/envelope.ts';
import { routeOf } from '../../lib/route-of.ts';
import { staffOf } from '../../plugins/auth/auth.plugin.ts';
import { errorEnvelope } from '../../plugins/route-defaults.plugin.ts';
import type { HomeCareWatchService } from './vital-signs.watch.service.ts';

const calls = apiCalls.homeCare;

/** The home-care nurse's calls (issue 13 "Staff console"): staff only, their own hospital only. */
export const homeCareWatchRoutes: FastifyPluginAsyncZod<{ watch: HomeCareWatchService }> = async (
  app,
  { watch },
) => {
  app.route({
    ...routeOf(calls.getWatchList, {
      auth: 'staff',
      summary:
        "The hospital's home-care patients: out of range in 24 h first, then no reading for N days, then the rest",
    }),
    handler: async (request) => ok(request, await watch.watchList(staffOf(request).idx, request.query)),
  });

  app.route({
    ...routeOf(calls.getPatient, {
      auth: 'staff',
      summary: "A home-care patient's latest readings, targets, note and alerts",
    }),
    handler: async (request) =>
      ok(request, await watch.patientPage(staffOf(request).idx, request.query.patientIdx)),
  });

  app.route({
    ...routeOf(calls.getPatientSummary, {
      auth: 'staff',
      summary: "A home-care patient's chart of one kind over a period (long periods averaged per bucket)",
    }),
    handler: async (request) => ok(request, await watch.patientSummary(staffOf(request).idx, request.query)),
  });

  app.route({
    ...routeOf(calls.saveNote, { auth: 'staff', summary: "Save the nurse's note on a home-care patient" }),
    handler: async (request) => ok(request, await watch.saveNote(staffOf(request).idx, request.body)),
  });

  app.route({
    ...routeOf(calls.getSettings, { auth: 'staff', summary: "The hospital's home-care settings" }),
    handler: async (request) => ok(request, await watch.settings(staffOf(request).idx)),
  });

  app.route({
    ...routeOf(calls.setStaleDays, {
      auth: 'staff',
      summary: 'Set the N of "no reading for N days" for the hospital',
    }),
    handler: async (request) =>
      ok(request, await watch.setStaleDays(staffOf(request).idx, request.body.staleDays)),
  });

  app.route({
    ...routeOf(calls.getOpenAlerts, {
      auth: 'staff',
      summary: "The hospital's unacknowledged urgent-reading alerts, newest first",
    }),
    handler: async (request) => ok(request, await watch.openAlerts(staffOf(request).idx)),
  });

  app.route({
    ...routeOf(calls.acknowledgeAlert, {
      auth: 'staff',
      summary: 'Acknowledge an urgent-reading alert (who and when, live to colleagues)',
      responses: {
        // A colleague was first: the answer names them, so the console shows who and when.
        409: errorEnvelope(
          409,
          'Already acknowledged: data.alert says by whom and when',
          z.object({ alert: vitalSignAlertSchema }).nullable(),
        ),
      },
    }),
    handler: async (request) =>
      ok(request, await watch.acknowledgeAlert(staffOf(request).idx, request.body.alertIdx)),
  });
};
