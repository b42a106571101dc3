import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '@smartcare/contract/api-paths';
import { emptyDataSchema, envelopeSchema } from '@smartcare/contract/envelope';
import { pageSchema } from '@smartcare/contract/paging';
import {
  clearTargetBodySchema,
  dashboardSchema,
  deleteVitalSignBodySchema,
  importBatchBodySchema,
  importResultSchema,
  patientTargetsQuerySchema,
  readingsQuerySchema,
  recordResultSchema,
  recordVitalSignBodySchema,
  setTargetBodySchema,
  summaryQuerySchema,
  targetListSchema,
  updateVitalSignBodySchema,
  vitalSignSchema,
  vitalSignSummarySchema,
} from '@smartcare/contract/vital-signs';
import { localeOf, ok } from '../../lib/envelope.ts';
import { patientOf, staffOf } from '../../plugins/auth/auth.plugin.ts';
import type { VitalSignService } from './vital-signs.service.ts';

const security = [{ bearerAuth: [] }];
const tags = ['vitalSign'];

/** Home-care vital signs (issue 13): the patient's readings, the phone's imports, a nurse's targets. */
export const vitalSignRoutes: FastifyPluginAsyncZod<{ vitalSigns: VitalSignService }> = async (
  app,
  { vitalSigns },
) => {
  app.post(
    apiPaths.vitalSign.record,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        summary: 'Record a reading; impossible values and future times are refused, nothing stored',
        security,
        body: recordVitalSignBodySchema,
        response: { 200: envelopeSchema(recordResultSchema) },
      },
    },
    async (request) =>
      ok(request, await vitalSigns.record(patientOf(request).idx, request.body, localeOf(request))),
  );

  app.get(
    apiPaths.vitalSign.getReadings,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        summary: "The patient's readings of one kind, newest first, paged",
        security,
        querystring: readingsQuerySchema,
        response: { 200: envelopeSchema(pageSchema(vitalSignSchema)) },
      },
    },
    async (request) => ok(request, await vitalSigns.readings(patientOf(request).idx, request.query)),
  );

  app.put(
    apiPaths.vitalSign.update,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        summary: 'Correct a reading the patient typed',
        security,
        body: updateVitalSignBodySchema,
        response: { 200: envelopeSchema(recordResultSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await vitalSigns.update(
          patientOf(request).idx,
          request.body.idx,
          request.body.reading,
          localeOf(request),
        ),
      ),
  );

  app.delete(
    apiPaths.vitalSign.delete,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        summary: 'Delete a reading the patient typed',
        security,
        body: deleteVitalSignBodySchema,
        response: { 200: envelopeSchema(emptyDataSchema) },
      },
    },
    async (request) => {
      await vitalSigns.delete(patientOf(request).idx, request.body.idx);
      return ok(request, {});
    },
  );

  app.get(
    apiPaths.vitalSign.getSummary,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        summary: 'Averages, counts and a chart series for a period (long periods averaged per bucket)',
        security,
        querystring: summaryQuerySchema,
        response: { 200: envelopeSchema(vitalSignSummarySchema) },
      },
    },
    async (request) => ok(request, await vitalSigns.summary(patientOf(request).idx, request.query)),
  );

  app.get(
    apiPaths.vitalSign.getDashboard,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        summary: 'The latest reading of every kind with its class, and 7 days of daily averages',
        security,
        response: { 200: envelopeSchema(dashboardSchema) },
      },
    },
    async (request) => ok(request, await vitalSigns.dashboard(patientOf(request).idx)),
  );

  app.post(
    apiPaths.vitalSign.importBatch,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        summary: "Records from the phone's health platform, once per source record id (native bridge)",
        security,
        body: importBatchBodySchema,
        response: { 200: envelopeSchema(importResultSchema) },
      },
    },
    async (request) =>
      ok(request, await vitalSigns.importBatch(patientOf(request).idx, request.body, localeOf(request))),
  );

  app.get(
    apiPaths.vitalSign.getMyTargets,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        summary: 'The personal targets a nurse set for the patient',
        security,
        response: { 200: envelopeSchema(targetListSchema) },
      },
    },
    async (request) => ok(request, await vitalSigns.myTargets(patientOf(request).idx)),
  );

  app.get(
    apiPaths.vitalSign.getPatientTargets,
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        summary: "A patient's personal targets (the staff member's hospital only)",
        security,
        querystring: patientTargetsQuerySchema,
        response: { 200: envelopeSchema(targetListSchema) },
      },
    },
    async (request) =>
      ok(request, await vitalSigns.patientTargets(staffOf(request).idx, request.query.patientIdx)),
  );

  app.put(
    apiPaths.vitalSign.setTarget,
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        summary: "Set a patient's personal target for one kind",
        security,
        body: setTargetBodySchema,
        response: { 200: envelopeSchema(targetListSchema) },
      },
    },
    async (request) => ok(request, await vitalSigns.setTarget(staffOf(request).idx, request.body)),
  );

  app.delete(
    apiPaths.vitalSign.clearTarget,
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        summary: "Remove a patient's personal target (the guideline applies again)",
        security,
        body: clearTargetBodySchema,
        response: { 200: envelopeSchema(targetListSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await vitalSigns.clearTarget(staffOf(request).idx, request.body.patientIdx, request.body.kind),
      ),
  );
};
