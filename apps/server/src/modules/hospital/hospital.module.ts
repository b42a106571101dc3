import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '@smartcare/contract/api-paths';
import { envelopeSchema } from '@smartcare/contract/envelope';
import { hospitalListQuerySchema, hospitalListSchema } from '@smartcare/contract/hospital';
import { ok } from '../../lib/envelope.ts';
import type { HospitalService } from './hospital.service.ts';

/** The hospital list for choosing a hospital; public, shown before and after login. */
export const hospitalModule: FastifyPluginAsyncZod<{ hospitals: Pick<HospitalService, 'list'> }> = async (
  app,
  { hospitals },
) => {
  app.get(
    apiPaths.hospital.getHospitalList,
    {
      schema: {
        tags: ['hospital'],
        summary: 'Hospitals, optionally filtered by a keyword in the name or address',
        querystring: hospitalListQuerySchema,
        response: { 200: envelopeSchema(hospitalListSchema) },
      },
    },
    async (request) => ok(request, await hospitals.list(request.query.keyword || undefined)),
  );
};
