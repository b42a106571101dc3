import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiCalls } from '@smartcare/contract/api-calls';
import { ok } from '../../lib/envelope.ts';
import { routeOf } from '../../lib/route-of.ts';
import { patientOf, staffOf } from '../../plugins/auth/auth.plugin.ts';
import type { NotificationService } from './notification.service.ts';

const calls = apiCalls.notification;

/** What a test notification says (stored in Korean, the hospital's language). */
const TEST_NOTIFICATION = {
  title: '테스트 알림',
  body: '병원에서 보낸 테스트 알림입니다. 이 알림이 보이면 알림이 잘 도착하고 있습니다.',
};

/** The push history, Web Push subscriptions, the app's presence, and the console's test notification (issue 12). */
export const notificationRoutes: FastifyPluginAsyncZod<{ notifications: NotificationService }> = async (
  app,
  { notifications },
) => {
  app.route({
    ...routeOf(calls.getMyNotifications, {
      auth: 'patient',
      summary: "The patient's notifications, newest first (paged)",
    }),
    handler: async (request) =>
      ok(request, await notifications.myNotifications(patientOf(request).idx, request.query)),
  });

  app.route({
    ...routeOf(calls.getUnreadCount, {
      auth: 'patient',
      summary: 'How many notifications are unread (the 알림함 tile)',
    }),
    handler: async (request) => ok(request, await notifications.unreadCount(patientOf(request).idx)),
  });

  app.route({
    ...routeOf(calls.markRead, {
      auth: 'patient',
      summary: 'Marks one notification read; answers the new unread count',
    }),
    handler: async (request) =>
      ok(request, await notifications.markRead(patientOf(request).idx, request.body.notificationIdx)),
  });

  app.route({
    ...routeOf(calls.markAllRead, { auth: 'patient', summary: '모두 읽음: marks every notification read' }),
    handler: async (request) => ok(request, await notifications.markAllRead(patientOf(request).idx)),
  });

  app.route({
    ...routeOf(calls.getVapidPublicKey, {
      auth: 'patient',
      summary: "The server's VAPID public key, for the browser's pushManager.subscribe",
    }),
    handler: async (request) => ok(request, await notifications.vapidPublicKey()),
  });

  app.route({
    ...routeOf(calls.saveWebPush, {
      auth: 'patient',
      summary: "Stores this browser's Web Push subscription",
    }),
    handler: async (request) => {
      await notifications.saveWebPush(patientOf(request).idx, request.body);
      return ok(request, {});
    },
  });

  app.route({
    ...routeOf(calls.deleteWebPush, {
      auth: 'patient',
      summary: "Forgets this browser's Web Push subscription",
    }),
    handler: async (request) => {
      await notifications.deleteWebPush(patientOf(request).idx, request.body.endpoint);
      return ok(request, {});
    },
  });

  app.route({
    ...routeOf(calls.presence, {
      auth: 'patient',
      summary: 'The open app is (or is no longer) in the foreground: no push while it is (decision 015)',
    }),
    handler: async (request) => {
      await notifications.presence(patientOf(request).idx, request.body);
      return ok(request, {});
    },
  });

  app.route({
    ...routeOf(calls.sendTest, {
      auth: 'staff',
      summary: "Sends a test notification to a patient of the staff member's hospital",
    }),
    handler: async (request) =>
      ok(
        request,
        await notifications.sendTest(staffOf(request).idx, request.body.patientIdx, TEST_NOTIFICATION),
      ),
  });
};
