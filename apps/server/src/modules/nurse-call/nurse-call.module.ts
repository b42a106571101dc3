import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eraseNurseCallsOfPatient } from './nurse-call.erasure.ts';
import { nurseCallEscalationJob } from './nurse-call.jobs.ts';
import { registerNurseCallRealtime } from './nurse-call.realtime.ts';
import { nurseCallRepository } from './nurse-call.repository.ts';
import { nurseCallRoutes } from './nurse-call.routes.ts';
import { createNurseCallService } from './nurse-call.service.ts';

/** Nurse calls: MQTT requests, REST actions, escalation job (issue 4). */
export const nurseCallModule: FastifyPluginAsyncZod = async (app) => {
  const nurseCalls = createNurseCallService({
    db: app.db,
    identities: {
      patient: (idx) => nurseCallRepository.findPatient(app.db, idx),
      staff: (idx) => nurseCallRepository.findStaff(app.db, idx),
    },
    publisher: app.broker,
  });
  registerNurseCallRealtime(app.broker, nurseCalls);
  app.jobs.register(nurseCallEscalationJob(nurseCalls));
  app.patientErasure.register('nurseCalls', eraseNurseCallsOfPatient);
  await app.register(nurseCallRoutes, { nurseCalls });
};
