import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '@smartcare/contract/api-paths';
import { emptyDataSchema, envelopeSchema } from '@smartcare/contract/envelope';
import {
  deleteWebPushBodySchema,
  markNotificationReadBodySchema,
  notificationPageSchema,
  presenceBodySchema,
  sendTestNotificationBodySchema,
  sendTestNotificationResultSchema,
  unreadCountSchema,
  vapidPublicKeySchema,
  webPushSubscriptionBodySchema,
} from '@smartcare/contract/notification';
import { pagingQuerySchema } from '@smartcare/contract/paging';
import { ok } from '../../lib/envelope.ts';
import { patientOf, staffOf } from '../../plugins/auth/auth.plugin.ts';
import type { NotificationService } from './notification.service.ts';

const tags = ['notification'];
const security = [{ bearerAuth: [] }];
const unread = { 200: envelopeSchema(unreadCountSchema) };
const empty = { 200: envelopeSchema(emptyDataSchema) };

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
  app.get(
    apiPaths.notification.getMyNotifications,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        summary: "The patient's notifications, newest first (paged)",
        security,
        querystring: pagingQuerySchema,
        response: { 200: envelopeSchema(notificationPageSchema) },
      },
    },
    async (request) =>
      ok(request, await notifications.myNotifications(patientOf(request).idx, request.query)),
  );

  app.get(
    apiPaths.notification.getUnreadCount,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        summary: 'How many notifications are unread (the 알림함 tile)',
        security,
        response: unread,
      },
    },
    async (request) => ok(request, await notifications.unreadCount(patientOf(request).idx)),
  );

  app.put(
    apiPaths.notification.markRead,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        summary: 'Marks one notification read; answers the new unread count',
        security,
        body: markNotificationReadBodySchema,
        response: unread,
      },
    },
    async (request) =>
      ok(request, await notifications.markRead(patientOf(request).idx, request.body.notificationIdx)),
  );

  app.put(
    apiPaths.notification.markAllRead,
    {
      config: { auth: 'patient' },
      schema: { tags, summary: '모두 읽음: marks every notification read', security, response: unread },
    },
    async (request) => ok(request, await notifications.markAllRead(patientOf(request).idx)),
  );

  app.get(
    apiPaths.notification.getVapidPublicKey,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        summary: "The server's VAPID public key, for the browser's pushManager.subscribe",
        security,
        response: { 200: envelopeSchema(vapidPublicKeySchema) },
      },
    },
    async (request) => ok(request, await notifications.vapidPublicKey()),
  );

  app.post(
    apiPaths.notification.saveWebPush,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        summary: "Stores this browser's Web Push subscription for the patient",
        security,
        body: webPushSubscriptionBodySchema,
        response: empty,
      },
    },
    async (request) => {
      await notifications.saveWebPush(patientOf(request).idx, request.body);
      return ok(request, {});
    },
  );

  app.delete(
    apiPaths.notification.deleteWebPush,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        summary: "Forgets this browser's Web Push subscription",
        security,
        body: deleteWebPushBodySchema,
        response: empty,
      },
    },
    async (request) => {
      await notifications.deleteWebPush(patientOf(request).idx, request.body.endpoint);
      return ok(request, {});
    },
  );

  app.put(
    apiPaths.notification.presence,
    {
      config: { auth: 'patient' },
      schema: {
        tags,
        summary: 'The open app is (or is no longer) in the foreground: no push while it is (decision 015)',
        security,
        body: presenceBodySchema,
        response: empty,
      },
    },
    async (request) => {
      await notifications.presence(patientOf(request).idx, request.body);
      return ok(request, {});
    },
  );

  app.post(
    apiPaths.notification.sendTest,
    {
      config: { auth: 'staff' },
      schema: {
        tags,
        summary: "Sends a test notification to a patient of the staff member's hospital",
        security,
        body: sendTestNotificationBodySchema,
        response: { 200: envelopeSchema(sendTestNotificationResultSchema) },
      },
    },
    async (request) =>
      ok(
        request,
        await notifications.sendTest(staffOf(request).idx, request.body.patientIdx, TEST_NOTIFICATION),
      ),
  );
};
