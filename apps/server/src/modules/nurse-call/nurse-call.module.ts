import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { AdmissionService } from '../admission/admission.service.ts';
import type { NotificationService } from '../notification/notification.service.ts';
import type { PeopleService } from '../people/people.service.ts';
import { eraseNurseCallsOfPatient } from './nurse-call.erasure.ts';
import { nurseCallTopicAccess } from './nurse-call.access.ts';
import { nurseCallEscalationJob } from './nurse-call.jobs.ts';
import { registerNurseCallRealtime } from './nurse-call.realtime.ts';
import { nurseCallRoutes } from './nurse-call.routes.ts';
import { createNurseCallService } from './nurse-call.service.ts';

/** Nurse calls: MQTT requests, REST actions, escalation job (issue 4). */
export const nurseCallModule: FastifyPluginAsyncZod<{
  config: Pick<Config, 'nurseCallEscalationMin'>;
  people: Pick<PeopleService, 'patient' | 'staff'>;
  admissions: Pick<AdmissionService, 'activeForCall'>;
  notifications: Pick<NotificationService, 'notify'>;
}> = async (app, { config, people, admissions, notifications }) => {
  const nurseCalls = createNurseCallService({
    db: app.db,
    identities: {
      patient: (idx) => people.patient(idx),
      staff: (idx) => people.staff(idx),
      admission: (idx) => admissions.activeForCall(idx),
    },
    publisher: app.broker,
    audit: app.audit,
    escalationMinutes: config.nurseCallEscalationMin,
    // issue 12: "a nurse is on the way" reaches the patient even with the app closed
    notifications: {
      notify: (patientIdx, input) =>
        notifications.notify(patientIdx, input).catch((error: unknown) => {
          app.log.error({ err: error, patientIdx }, 'nurse-call notification failed');
          return null;
        }),
    },
  });
  // Who may subscribe and publish on the nurse-call topics (the broker knows none of them).
  const access = nurseCallTopicAccess({
    chosenHospital: async (patientIdx) => (await people.patient(patientIdx))?.chosenHospitalIdx ?? null,
  });
  app.broker.declareTopic('nurseCalling', access.nurseCalling);
  app.broker.declareTopic('nurseCallingPatient', access.nurseCallingPatient);
  registerNurseCallRealtime(app.broker, nurseCalls);
  app.jobs.register(nurseCallEscalationJob(nurseCalls));
  app.patientErasure.register('nurseCalls', eraseNurseCallsOfPatient);
  await app.register(nurseCallRoutes, { nurseCalls });
};
