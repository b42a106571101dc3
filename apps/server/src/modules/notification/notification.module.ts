import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { AdmissionService } from '../admission/admission.service.ts';
import type { PeopleService } from '../people/people.service.ts';
import { eraseNotificationsOfPatient } from './notification.erasure.ts';
import { notificationTopicAccess } from './notification.access.ts';
import { NOTIFICATION_PUSH_JOB, notificationPruneJob, notificationPushJob } from './notification.jobs.ts';
import { notificationRoutes } from './notification.routes.ts';
import { createNotificationService, type NotificationService } from './notification.service.ts';
import {
  createFcmSender,
  createWebPushSender,
  readServiceAccount,
  resolveVapidKeys,
  type VapidKeys,
} from './push-senders.ts';

/**
 * The one notification service, for app.ts's SERVICES block: FCM when a service account is
 * configured, Web Push with keys from config or generated once (on first use, in DATA_DIR or
 * the database), pushes due now handed to the delivery job at once.
 */
export async function buildNotificationService(
  app: FastifyInstance,
  deps: {
    config: Pick<
      Config,
      | 'fcmServiceAccount'
      | 'fcmEndpoint'
      | 'fcmTokenUrl'
      | 'vapidKeys'
      | 'vapidSubject'
      | 'dataDir'
      | 'pushMaxAttempts'
    >;
    people: Pick<PeopleService, 'patient' | 'staff'>;
    admissions: Pick<AdmissionService, 'activeForCall'>;
  },
): Promise<NotificationService> {
  const { config, people, admissions } = deps;
  const fcm = config.fcmServiceAccount
    ? createFcmSender(await readServiceAccount(config.fcmServiceAccount), config)
    : null;
  let webPush: Promise<{ sender: ReturnType<typeof createWebPushSender>; keys: VapidKeys }> | undefined;
  const service = createNotificationService({
    db: app.db,
    publisher: app.broker,
    fcm,
    webPush: () =>
      (webPush ??= resolveVapidKeys(config, app.db).then(
        (keys) => ({ keys, sender: createWebPushSender(keys, config.vapidSubject) }),
        (error: unknown) => {
          // Tried again on the next use (e.g. DATA_DIR was not writable for a moment).
          webPush = undefined;
          throw error;
        },
      )),
    people: {
      staff: (idx) => people.staff(idx),
      patient: (idx) => people.patient(idx),
      admission: (idx) => admissions.activeForCall(idx),
    },
    audit: app.audit,
    log: app.log,
    maxAttempts: config.pushMaxAttempts,
    kick: () =>
      void app.jobs
        .runNow(NOTIFICATION_PUSH_JOB)
        .catch((error: unknown) => app.log.error({ err: error }, 'push delivery pass failed')),
  });
  // Tests and the admin CLI reach `notify` here; modules get the service from app.ts.
  app.decorate('notifications', service);
  return service;
}

declare module 'fastify' {
  interface FastifyInstance {
    notifications: NotificationService;
  }
}

/**
 * The notification service's module (issue 12): the service itself is built in app.ts
 * (SERVICES) so the modules that send get it; this registers its topic, jobs and routes.
 */
export const notificationModule: FastifyPluginAsyncZod<{ notifications: NotificationService }> = async (
  app,
  { notifications },
) => {
  app.broker.declareTopic('notificationPatient', notificationTopicAccess);
  app.jobs.register(notificationPushJob(notifications));
  app.jobs.register(notificationPruneJob(notifications));
  app.patientErasure.register('notifications', eraseNotificationsOfPatient);
  await app.register(notificationRoutes, { notifications });
};
