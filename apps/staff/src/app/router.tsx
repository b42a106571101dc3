import { createHashRouter, Navigate, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { AuthenticatedLayout } from './routes/authenticated-layout';

/**
 * The console's routes. Hash routing, like the patient app, so the server needs no
 * fallback for deep links under /staff/. Screens load lazily.
 */
export const routes: RouteObject[] = [
  { path: paths.login.path, lazy: async () => ({ Component: (await import('./routes/login')).LoginRoute }) },
  {
    element: <AuthenticatedLayout />,
    children: [
      { index: true, element: <Navigate to={paths.chat.href()} replace /> },
      { path: paths.chat.path, lazy: async () => ({ Component: (await import('./routes/chat')).ChatRoute }) },
      {
        path: paths.chatRoom.path,
        lazy: async () => ({ Component: (await import('./routes/chat')).ChatRoute }),
      },
      {
        path: paths.nurseCalls.path,
        lazy: async () => ({ Component: (await import('./routes/nurse-calls')).NurseCallsRoute }),
      },
      // issue 10: admissions
      {
        path: paths.patients.path,
        lazy: async () => ({ Component: (await import('./routes/patients')).PatientsRoute }),
      },
      // issue 15: a home-care patient's medications
      {
        path: paths.homeCareMedication.path,
        lazy: async () => ({
          Component: (await import('./routes/home-care-medication')).HomeCareMedicationRoute,
        }),
      },
      // issue 14 — staff content editor
      {
        path: paths.content.path,
        lazy: async () => ({ Component: (await import('./routes/content')).ContentRoute }),
      },
      {
        path: paths.contentNew.path,
        lazy: async () => ({ Component: (await import('./routes/content')).ContentNewRoute }),
      },
      {
        path: paths.contentEdit.path,
        lazy: async () => ({ Component: (await import('./routes/content')).ContentEditRoute }),
      },
      // issue 16: document requests
      {
        path: paths.documentRequests.path,
        lazy: async () => ({
          Component: (await import('./routes/document-requests')).DocumentRequestsRoute,
        }),
      },
      // issue 15 — diet
      {
        path: paths.homeCareDiet.path,
        lazy: async () => ({ Component: (await import('./routes/patient-diet')).PatientDietRoute }),
      },
      // issue 13: home-care watch list and patient page
      {
        path: paths.homeCare.path,
        lazy: async () => ({ Component: (await import('./routes/home-care')).HomeCareRoute }),
      },
      {
        path: paths.homeCarePatient.path,
        lazy: async () => ({ Component: (await import('./routes/home-care-patient')).HomeCarePatientRoute }),
      },
      // issue 17 — Q&A with the care team
      {
        path: paths.qna.path,
        lazy: async () => ({ Component: (await import('./routes/qna')).QnaRoute }),
      },
      // issue 16 — appointments (진료 예약)
      {
        path: paths.appointments.path,
        lazy: async () => ({ Component: (await import('./routes/appointments')).AppointmentsRoute }),
      },
      // issue 16 — ratings
      {
        path: paths.ratings.path,
        lazy: async () => ({ Component: (await import('./routes/ratings')).RatingsRoute }),
      },
      // issue 17 — telemedicine (비대면 진료)
      {
        path: paths.telemedicine.path,
        lazy: async () => ({ Component: (await import('./routes/telemedicine')).TelemedicineRoute }),
      },
      {
        path: paths.telemedicineVisit.path,
        lazy: async () => ({ Component: (await import('./routes/telemedicine')).TelemedicineVisitRoute }),
      },
    ],
  },
  { path: '*', element: <Navigate to={paths.chat.href()} replace /> },
];

export function createRouter() {
  return createHashRouter(routes);
}
