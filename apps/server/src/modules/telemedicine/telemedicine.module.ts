import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { telemedicineTopicAccess } from './telemedicine.access.ts';
import { telemedicineWindowJob } from './telemedicine.jobs.ts';
import { registerTelemedicineRealtime } from './telemedicine.realtime.ts';
import { telemedicineRoutes } from './telemedicine.routes.ts';
import type { TelemedicineService } from './telemedicine.service.ts';

/**
 * Telemedicine (issue 17, decision 030): routes, the signalling and live topics with their ACL,
 * the "waiting room is open" job, and erasure.
 */
export const telemedicineModule: FastifyPluginAsyncZod<{ telemedicine: TelemedicineService }> = async (
  app,
  { telemedicine },
) => {
  const access = telemedicineTopicAccess(telemedicine);
  app.broker.declareTopic('telemedicineSignal', access.telemedicineSignal);
  app.broker.declareTopic('telemedicineVisit', access.telemedicineVisit);
  app.broker.declareTopic('telemedicineQueue', access.telemedicineQueue);
  registerTelemedicineRealtime(app.broker);
  app.jobs.register(telemedicineWindowJob(telemedicine));
  app.patientErasure.register('telemedicine', telemedicine.erasePatient);
  await app.register(telemedicineRoutes, { telemedicine });
};
