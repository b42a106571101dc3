import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiCalls } from '@smartcare/contract/api-calls';
import { ok } from '../../lib/envelope.ts';
import { routeOf } from '../../lib/route-of.ts';
import { patientOf, staffOf } from '../../plugins/auth/auth.plugin.ts';
import type { AppointmentService } from './appointment.service.ts';

const calls = apiCalls.appointment;

/** Appointments (issue 16): the patient's list, requests and own items; staff schedule and queue. */
export const appointmentRoutes: FastifyPluginAsyncZod<{ appointments: AppointmentService }> = async (
  app,
  { appointments },
) => {
  app.route({
    ...routeOf(calls.getMyAppointments, {
      auth: 'patient',
      summary: "The patient's appointments and own items",
    }),
    handler: async (request) => ok(request, await appointments.myAppointments(patientOf(request).idx)),
  });
  app.route({
    ...routeOf(calls.getMyAppointment, { auth: 'patient', summary: 'One appointment with its history' }),
    handler: async (request) =>
      ok(request, await appointments.myAppointment(patientOf(request).idx, request.query.idx)),
  });
  app.route({
    ...routeOf(calls.requestChange, { auth: 'patient', summary: 'Ask to change (preferred times)' }),
    handler: async (request) =>
      ok(request, await appointments.requestChange(patientOf(request).idx, request.body)),
  });
  app.route({
    ...routeOf(calls.requestCancel, { auth: 'patient', summary: 'Ask to cancel' }),
    handler: async (request) =>
      ok(request, await appointments.requestCancel(patientOf(request).idx, request.body)),
  });
  app.route({
    ...routeOf(calls.addPersonal, {
      auth: 'patient',
      summary: 'Add a personal item (a resend returns the first)',
    }),
    handler: async (request) =>
      ok(request, await appointments.addPersonal(patientOf(request).idx, request.body)),
  });
  app.route({
    ...routeOf(calls.updatePersonal, { auth: 'patient', summary: 'Edit a personal item' }),
    handler: async (request) =>
      ok(request, await appointments.updatePersonal(patientOf(request).idx, request.body)),
  });
  app.route({
    ...routeOf(calls.deletePersonal, { auth: 'patient', summary: 'Delete a personal item' }),
    handler: async (request) => {
      await appointments.deletePersonal(patientOf(request).idx, request.body.idx);
      return ok(request, {});
    },
  });
  app.route({
    ...routeOf(calls.getIcs, { auth: 'patient', summary: 'The .ics file of one appointment' }),
    handler: async (request) =>
      ok(request, await appointments.ics(patientOf(request).idx, request.query.idx)),
  });

  app.route({
    ...routeOf(calls.getSchedule, { auth: 'staff', summary: "A day or week of the hospital's appointments" }),
    handler: async (request) => ok(request, await appointments.schedule(staffOf(request).idx, request.query)),
  });
  app.route({
    ...routeOf(calls.getRequests, { auth: 'staff', summary: 'The open change and cancel requests' }),
    handler: async (request) => ok(request, await appointments.requests(staffOf(request).idx)),
  });
  app.route({
    ...routeOf(calls.getBookablePatients, { auth: 'staff', summary: "The hospital's patients to book for" }),
    handler: async (request) => ok(request, await appointments.bookablePatients(staffOf(request).idx)),
  });
  app.route({
    ...routeOf(calls.getAppointment, { auth: 'staff', summary: 'One appointment of the hospital' }),
    handler: async (request) =>
      ok(request, await appointments.appointment(staffOf(request).idx, request.query.idx)),
  });
  app.route({
    ...routeOf(calls.create, { auth: 'staff', summary: 'Book an appointment (a resend returns the first)' }),
    handler: async (request) => ok(request, await appointments.create(staffOf(request).idx, request.body)),
  });
  app.route({
    ...routeOf(calls.update, { auth: 'staff', summary: 'Edit a booked appointment' }),
    handler: async (request) => ok(request, await appointments.update(staffOf(request).idx, request.body)),
  });
  app.route({
    ...routeOf(calls.cancel, { auth: 'staff', summary: 'Cancel with a reason' }),
    handler: async (request) =>
      ok(request, await appointments.cancel(staffOf(request).idx, request.body.idx, request.body.reason)),
  });
  app.route({
    ...routeOf(calls.complete, { auth: 'staff', summary: 'Mark the visit done' }),
    handler: async (request) =>
      ok(request, await appointments.complete(staffOf(request).idx, request.body.idx)),
  });
  app.route({
    ...routeOf(calls.acceptRequest, { auth: 'staff', summary: 'Accept the open change or cancel request' }),
    handler: async (request) =>
      ok(request, await appointments.acceptRequest(staffOf(request).idx, request.body)),
  });
  app.route({
    ...routeOf(calls.declineRequest, { auth: 'staff', summary: 'Decline the open request with a reason' }),
    handler: async (request) =>
      ok(
        request,
        await appointments.declineRequest(staffOf(request).idx, request.body.idx, request.body.reason),
      ),
  });
};
