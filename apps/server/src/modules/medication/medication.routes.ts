import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiCalls } from '@smartcare/contract/api-calls';
import { localeOf, ok } from '../../lib/envelope.ts';
import { routeOf } from '../../lib/route-of.ts';
import { patientOf, staffOf } from '../../plugins/auth/auth.plugin.ts';
import type { MedicationService } from './medication.service.ts';

const calls = apiCalls.medication;

/** Medication reminders (issue 15): the patient's medicines and doses, the console's prescribing. */
export const medicationRoutes: FastifyPluginAsyncZod<{ medications: MedicationService }> = async (
  app,
  { medications },
) => {
  app.route({
    ...routeOf(calls.searchMedicine, {
      auth: 'any',
      summary: 'The seeded list of Korean medicines by name, ingredient, 초성 or part of a word',
    }),
    handler: async (request) => ok(request, medications.searchMedicines(request.query.q)),
  });

  app.route({
    ...routeOf(calls.getMyMedications, {
      auth: 'patient',
      summary: "The patient's medications, active first",
    }),
    handler: async (request) => ok(request, await medications.myMedications(patientOf(request).idx)),
  });

  app.route({
    ...routeOf(calls.getMedication, { auth: 'patient', summary: 'One medication with its recent doses' }),
    handler: async (request) =>
      ok(request, await medications.detail(patientOf(request).idx, request.query.idx)),
  });

  app.route({
    ...routeOf(calls.add, { auth: 'patient', summary: 'Add a medication; its doses are generated at once' }),
    handler: async (request) =>
      ok(request, await medications.add(patientOf(request).idx, request.body, localeOf(request))),
  });

  app.route({
    ...routeOf(calls.update, {
      auth: 'patient',
      summary: 'Change a medication; a new schedule applies from the next dose, past doses stay',
    }),
    handler: async (request) =>
      ok(
        request,
        await medications.update(
          patientOf(request).idx,
          request.body.idx,
          request.body.medication,
          localeOf(request),
        ),
      ),
  });

  app.route({
    ...routeOf(calls.stop, { auth: 'patient', summary: 'Stop a medication (its upcoming doses go)' }),
    handler: async (request) => ok(request, await medications.stop(patientOf(request).idx, request.body.idx)),
  });

  app.route({
    ...routeOf(calls.getDoses, {
      auth: 'patient',
      summary: "One day's doses (today by default), in time order",
    }),
    handler: async (request) =>
      ok(request, await medications.doses(patientOf(request).idx, request.query.date)),
  });

  app.route({
    ...routeOf(calls.getCalendar, {
      auth: 'patient',
      summary: "A month's adherence per day, and the week's and month's rate",
    }),
    handler: async (request) =>
      ok(request, await medications.calendar(patientOf(request).idx, request.query.month)),
  });

  app.route({
    ...routeOf(calls.takeDose, {
      auth: 'patient',
      summary: 'Record a dose as taken (once; not before it is due)',
    }),
    handler: async (request) =>
      ok(request, await medications.take(patientOf(request).idx, request.body.doseIdx)),
  });

  app.route({
    ...routeOf(calls.skipDose, { auth: 'patient', summary: 'Skip a dose, with an optional reason' }),
    handler: async (request) =>
      ok(request, await medications.skip(patientOf(request).idx, request.body.doseIdx, request.body.reason)),
  });

  app.route({
    ...routeOf(calls.snoozeDose, { auth: 'patient', summary: 'Remind again in 15 minutes' }),
    handler: async (request) =>
      ok(request, await medications.snooze(patientOf(request).idx, request.body.doseIdx)),
  });

  app.route({
    ...routeOf(calls.getPatientMedications, {
      auth: 'staff',
      summary:
        "A patient's medications, adherence (7/30 days) and missed doses (the staff member's hospital only)",
    }),
    handler: async (request) =>
      ok(request, await medications.patientMedications(staffOf(request).idx, request.query.patientIdx)),
  });

  app.route({
    ...routeOf(calls.prescribe, {
      auth: 'staff',
      summary: 'Prescribe a medication to a patient of the hospital',
    }),
    handler: async (request) =>
      ok(
        request,
        await medications.prescribe(
          staffOf(request).idx,
          request.body.patientIdx,
          request.body.medication,
          localeOf(request),
        ),
      ),
  });

  app.route({
    ...routeOf(calls.change, {
      auth: 'staff',
      summary: "Change a patient's medication (from the next dose on)",
    }),
    handler: async (request) =>
      ok(
        request,
        await medications.changeForPatient(
          staffOf(request).idx,
          request.body.idx,
          request.body.medication,
          localeOf(request),
        ),
      ),
  });

  app.route({
    ...routeOf(calls.stopForPatient, { auth: 'staff', summary: "Stop a patient's medication" }),
    handler: async (request) =>
      ok(request, await medications.stopForPatient(staffOf(request).idx, request.body.idx)),
  });
};
