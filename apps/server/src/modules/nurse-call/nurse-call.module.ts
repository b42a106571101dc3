import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PeopleService } from '../people/people.service.ts';
import { nurseCallTopicAccess } from './nurse-call.access.ts';
import { nurseCallEscalationJob } from './nurse-call.jobs.ts';
import { registerNurseCallRealtime } from './nurse-call.realtime.ts';
import { nurseCallRoutes } from './nurse-call.routes.ts';
import type { NurseCallService } from './nurse-call.service.ts';

/** Nurse calls: MQTT requests, REST actions, escalation job (issue 4). */
export const nurseCallModule: FastifyPluginAsyncZod<{
  nurseCalls: NurseCallService;
  people: Pick<PeopleService, 'patient'>;
}> = async (app, { nurseCalls, people }) => {
  // Who may subscribe and publish on the nurse-call topics (the broker knows none of them).
  const access = nurseCallTopicAccess({
    chosenHospital: async (patientIdx) => (await people.patient(patientIdx))?.chosenHospitalIdx ?? null,
  });
  app.broker.declareTopic('nurseCalling', access.nurseCalling);
  app.broker.declareTopic('nurseCallingPatient', access.nurseCallingPatient);
  registerNurseCallRealtime(app.broker, nurseCalls);
  app.jobs.register(nurseCallEscalationJob(nurseCalls));
  app.patientErasure.register('nurseCalls', nurseCalls.erasePatient);
  await app.register(nurseCallRoutes, { nurseCalls });
};
