import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '@smartcare/contract/api-paths';
import { emptyDataSchema, envelopeSchema } from '@smartcare/contract/envelope';
import {
  alarmSettingsSchema,
  alarmUpdateBodySchema,
  bodyInfoSchema,
  deletePatientBodySchema,
  deleteRequestBodySchema,
  deletionPolicySchema,
  deletionRequestSchema,
  myDataSchema,
  patientProfileSchema,
  requestPasswordResetBodySchema,
  resetPasswordBodySchema,
  signUpBodySchema,
  signUpDataSchema,
  updateBodyInfoBodySchema,
  updateFcmTokenBodySchema,
  updateMyDataBodySchema,
} from '@smartcare/contract/patient';
import { consentListSchema, updateConsentsBodySchema } from '@smartcare/contract/terms';
import type { Config } from '../../config.ts';
import { ok } from '../../lib/envelope.ts';
import { patientOf } from '../../plugins/auth/auth.plugin.ts';
import { errorEnvelope } from '../../plugins/route-defaults.plugin.ts';
import type { PatientService } from './patient.service.ts';

export interface PatientRoutesOptions {
  config: Pick<Config, 'accountRateLimitPerMin' | 'deletionGraceDays'>;
  patients: PatientService;
}

const tags = ['patient'];
const bearer = [{ bearerAuth: [] }];
const patientOnly = { auth: 'patient' as const };

/**
 * Spec §7 patient calls and the account calls of issue 2 (login and refresh are identity's).
 * One service call per handler.
 */
export const patientRoutes: FastifyPluginAsyncZod<PatientRoutesOptions> = async (
  app,
  { config, patients },
) => {
  const accountLimit = { rateLimit: { max: config.accountRateLimitPerMin, timeWindow: 60_000 } };

  app.get(
    apiPaths.patient.getPatient,
    {
      config: patientOnly,
      schema: {
        tags,
        security: bearer,
        summary: 'The caller’s profile',
        response: { 200: envelopeSchema(patientProfileSchema) },
      },
    },
    async (request) => ok(request, await patients.getPatient(patientOf(request).idx)),
  );

  app.get(
    apiPaths.patient.getMyData,
    {
      config: patientOnly,
      schema: {
        tags,
        security: bearer,
        summary: 'Profile, body information, alarm settings and consents',
        response: { 200: envelopeSchema(myDataSchema) },
      },
    },
    async (request) => ok(request, await patients.getMyData(patientOf(request).idx)),
  );

  app.put(
    apiPaths.patient.updateMyData,
    {
      config: patientOnly,
      schema: {
        tags,
        security: bearer,
        summary: 'Change profile fields, including the chosen hospital',
        body: updateMyDataBodySchema,
        response: { 200: envelopeSchema(patientProfileSchema) },
      },
    },
    async (request) => ok(request, await patients.updateMyData(patientOf(request).idx, request.body)),
  );

  app.put(
    apiPaths.patient.updateBodyInfo,
    {
      config: patientOnly,
      schema: {
        tags,
        security: bearer,
        summary: 'Change body information',
        body: updateBodyInfoBodySchema,
        response: { 200: envelopeSchema(bodyInfoSchema) },
      },
    },
    async (request) => ok(request, await patients.updateBodyInfo(patientOf(request).idx, request.body)),
  );

  app.put(
    apiPaths.patient.updateFcmToken,
    {
      config: patientOnly,
      schema: {
        tags,
        security: bearer,
        summary: 'Store the push token from the native wrapper',
        body: updateFcmTokenBodySchema,
        response: { 200: envelopeSchema(emptyDataSchema) },
      },
    },
    async (request) => {
      await patients.updateFcmToken(patientOf(request).idx, request.body);
      return ok(request, {});
    },
  );

  app.put(
    apiPaths.patient.alarmUpdate,
    {
      config: patientOnly,
      schema: {
        tags,
        security: bearer,
        summary: 'Change notification switches and quiet hours',
        body: alarmUpdateBodySchema,
        response: { 200: envelopeSchema(alarmSettingsSchema) },
      },
    },
    async (request) => ok(request, await patients.alarmUpdate(patientOf(request).idx, request.body)),
  );

  app.get(
    apiPaths.patient.getConsents,
    {
      config: patientOnly,
      schema: {
        tags,
        security: bearer,
        summary: 'The caller’s answers to every current terms',
        response: { 200: envelopeSchema(consentListSchema) },
      },
    },
    async (request) => ok(request, await patients.getConsents(patientOf(request).idx)),
  );

  app.put(
    apiPaths.patient.updateConsents,
    {
      config: patientOnly,
      schema: {
        tags,
        security: bearer,
        summary: 'Agree to or withdraw optional consents',
        body: updateConsentsBodySchema,
        response: { 200: envelopeSchema(consentListSchema) },
      },
    },
    async (request) => ok(request, await patients.updateConsents(patientOf(request).idx, request.body)),
  );

  app.delete(
    apiPaths.patient.deleteRequest,
    {
      config: patientOnly,
      schema: {
        tags,
        security: bearer,
        summary: `Ask for account deletion; carried out after ${config.deletionGraceDays} days unless withdrawn`,
        // Spec §7 shows no body for this call: none at all (Fastify passes null) is accepted too.
        body: deleteRequestBodySchema.nullish(),
        response: {
          200: envelopeSchema(deletionRequestSchema),
          409: errorEnvelope(
            409,
            'A deletion request is already pending: data is that request',
            deletionRequestSchema,
          ),
        },
      },
    },
    async (request) =>
      ok(request, await patients.requestDeletion(patientOf(request).idx, request.body?.reason)),
  );

  // Public: the app and the public /account-deletion page state the period from here.
  app.get(
    apiPaths.patientPolicy.deletionPolicy,
    {
      schema: {
        tags,
        summary: 'How many days a deletion request waits before it is carried out',
        response: { 200: envelopeSchema(deletionPolicySchema) },
      },
    },
    async (request) => ok(request, { graceDays: config.deletionGraceDays }),
  );

  app.post(
    apiPaths.patient.cancelDeleteRequest,
    {
      config: patientOnly,
      schema: {
        tags,
        security: bearer,
        summary: 'Withdraw a pending deletion request',
        response: { 200: envelopeSchema(emptyDataSchema) },
      },
    },
    async (request) => {
      await patients.cancelDeletion(patientOf(request).idx);
      return ok(request, {});
    },
  );

  app.delete(
    apiPaths.patient.delete,
    {
      config: { ...patientOnly, ...accountLimit },
      schema: {
        tags,
        security: bearer,
        summary: 'Delete the account now (password confirmed)',
        body: deletePatientBodySchema,
        response: { 200: envelopeSchema(emptyDataSchema) },
      },
    },
    async (request) => {
      await patients.deleteNow(patientOf(request).idx, request.body.password);
      return ok(request, {});
    },
  );

  app.post(
    apiPaths.patient.signUp,
    {
      config: accountLimit,
      schema: {
        tags,
        summary: 'Create a patient account',
        body: signUpBodySchema,
        response: { 200: envelopeSchema(signUpDataSchema) },
      },
    },
    async (request) => ok(request, await patients.signUp(request.body)),
  );

  app.post(
    apiPaths.patient.requestPasswordReset,
    {
      config: accountLimit,
      schema: {
        tags,
        summary: 'E-mail a 6-digit code (always answers success)',
        body: requestPasswordResetBodySchema,
        response: { 200: envelopeSchema(emptyDataSchema) },
      },
    },
    async (request) => {
      await patients.requestPasswordReset(request.body.loginId, request.body.email);
      return ok(request, {});
    },
  );

  app.post(
    apiPaths.patient.resetPassword,
    {
      config: accountLimit,
      schema: {
        tags,
        summary: 'Set a new password with the e-mailed code',
        body: resetPasswordBodySchema,
        response: { 200: envelopeSchema(emptyDataSchema) },
      },
    },
    async (request) => {
      await patients.resetPassword(
        request.body.loginId,
        request.body.verificationCode,
        request.body.newPassword,
      );
      return ok(request, {});
    },
  );
};
