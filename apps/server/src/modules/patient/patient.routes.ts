import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiCalls } from '@smartcare/contract/api-calls';
import { deletionRequestSchema } from '@smartcare/contract/patient';
import type { Config } from '../../config.ts';
import { ok } from '../../lib/envelope.ts';
import { routeOf } from '../../lib/route-of.ts';
import { patientOf } from '../../plugins/auth/auth.plugin.ts';
import { errorEnvelope } from '../../plugins/route-defaults.plugin.ts';
import type { PatientService } from './patient.service.ts';

export interface PatientRoutesOptions {
  config: Pick<Config, 'accountRateLimitPerMin' | 'deletionGraceDays'>;
  patients: PatientService;
}

const calls = apiCalls.patient;

/**
 * Spec §7 patient calls and the account calls of issue 2 (login and refresh are identity's).
 * One service call per handler.
 */
export const patientRoutes: FastifyPluginAsyncZod<PatientRoutesOptions> = async (
  app,
  { config, patients },
) => {
  const accountLimit = { rateLimit: { max: config.accountRateLimitPerMin, timeWindow: 60_000 } };

  app.route({
    ...routeOf(calls.getPatient, { auth: 'patient', summary: 'The caller’s profile' }),
    handler: async (request) => ok(request, await patients.getPatient(patientOf(request).idx)),
  });

  app.route({
    ...routeOf(calls.getMyData, {
      auth: 'patient',
      summary: 'Profile, body information, alarm settings and consents',
    }),
    handler: async (request) => ok(request, await patients.getMyData(patientOf(request).idx)),
  });

  app.route({
    ...routeOf(calls.updateMyData, {
      auth: 'patient',
      summary: 'Change profile fields, including the chosen hospital',
    }),
    handler: async (request) =>
      ok(request, await patients.updateMyData(patientOf(request).idx, request.body)),
  });

  app.route({
    ...routeOf(calls.updateBodyInfo, { auth: 'patient', summary: 'Change body information' }),
    handler: async (request) =>
      ok(request, await patients.updateBodyInfo(patientOf(request).idx, request.body)),
  });

  app.route({
    ...routeOf(calls.updateFcmToken, {
      auth: 'patient',
      summary: 'Store the push token from the native wrapper',
    }),
    handler: async (request) => {
      await patients.updateFcmToken(patientOf(request).idx, request.body);
      return ok(request, {});
    },
  });

  app.route({
    ...routeOf(calls.alarmUpdate, {
      auth: 'patient',
      summary: 'Change notification switches and quiet hours',
    }),
    handler: async (request) => ok(request, await patients.alarmUpdate(patientOf(request).idx, request.body)),
  });

  app.route({
    ...routeOf(calls.getConsents, {
      auth: 'patient',
      summary: 'The caller’s answers to every current terms',
    }),
    handler: async (request) => ok(request, await patients.getConsents(patientOf(request).idx)),
  });

  app.route({
    ...routeOf(calls.updateConsents, { auth: 'patient', summary: 'Agree to or withdraw optional consents' }),
    handler: async (request) =>
      ok(request, await patients.updateConsents(patientOf(request).idx, request.body)),
  });

  app.route({
    ...routeOf(calls.deleteRequest, {
      auth: 'patient',
      summary: `Ask for account deletion; carried out after ${config.deletionGraceDays} days unless withdrawn`,
      // Spec §7 shows no body for this call: none at all (Fastify passes null) is accepted too.
      body: calls.deleteRequest.body.nullish(),
      responses: {
        409: errorEnvelope(
          409,
          'A deletion request is already pending: data is that request',
          deletionRequestSchema,
        ),
      },
    }),
    handler: async (request) =>
      ok(request, await patients.requestDeletion(patientOf(request).idx, request.body?.reason)),
  });

  // Public: the app and the public /account-deletion page state the period from here.
  app.route({
    ...routeOf(apiCalls.patientPolicy.deletionPolicy, {
      summary: 'How many days a deletion request waits before it is carried out',
    }),
    handler: async (request) => ok(request, { graceDays: config.deletionGraceDays }),
  });

  app.route({
    ...routeOf(calls.cancelDeleteRequest, {
      auth: 'patient',
      summary: 'Withdraw a pending deletion request',
    }),
    handler: async (request) => {
      await patients.cancelDeletion(patientOf(request).idx);
      return ok(request, {});
    },
  });

  app.route({
    ...routeOf(calls.delete, {
      auth: 'patient',
      config: accountLimit,
      summary: 'Delete the account now (password confirmed)',
    }),
    handler: async (request) => {
      await patients.deleteNow(patientOf(request).idx, request.body.password);
      return ok(request, {});
    },
  });

  app.route({
    ...routeOf(calls.signUp, { config: accountLimit, summary: 'Create a patient account' }),
    handler: async (request) => ok(request, await patients.signUp(request.body)),
  });

  app.route({
    ...routeOf(calls.requestPasswordReset, {
      config: accountLimit,
      summary: 'E-mail a 6-digit code (always answers success)',
    }),
    handler: async (request) => {
      await patients.requestPasswordReset(request.body.loginId, request.body.email);
      return ok(request, {});
    },
  });

  app.route({
    ...routeOf(calls.resetPassword, {
      config: accountLimit,
      summary: 'Set a new password with the e-mailed code',
    }),
    handler: async (request) => {
      await patients.resetPassword(
        request.body.loginId,
        request.body.verificationCode,
        request.body.newPassword,
      );
      return ok(request, {});
    },
  });
};
