import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { sharedAreaRoutes } from './common.routes';
import { lazyScreen, toAreaHome } from './lazy-screen';

const p = paths.homecare;

/** The home-care family (spec §2 "Home-care area"). */
export const homecareRoutes: RouteObject[] = [
  { path: p.root.path, ...toAreaHome('homecare') },
  // The session handling spells it /homeCare/login (spec §2): both reach the same screen.
  {
    path: p.loginCamel.path,
    caseSensitive: true,
    ...lazyScreen(
      () => import('../../features/auth/login-screen').then((m) => m.LoginScreen),
      () => ({ area: 'homecare' as const }),
      { firstScreen: true },
    ),
  },
  ...sharedAreaRoutes('homecare'),
  // issue 12 — Kakao login: Kakao's redirect lands here (the sign-up's terms field handed in)
  {
    path: p.kakaoCallback.path,
    ...lazyScreen(
      async () => {
        const [{ KakaoCallbackScreen }, { TermsAgreementField }] = await Promise.all([
          import('../../features/auth/kakao-callback-screen'),
          import('../../features/terms/terms-agreement-field'),
        ]);
        return function KakaoCallbackRoute() {
          return <KakaoCallbackScreen area="homecare" TermsField={TermsAgreementField} />;
        };
      },
      () => ({}),
    ),
  },
  // issue 13: the vital signs' dashboard, then the register screens (one component, the kind as input).
  {
    path: p.myStatusDashboard.path,
    ...lazyScreen(
      // Today's medication and meals join the dashboard here (features don't import each other).
      async () => {
        const [{ VitalSignDashboardScreen }, { TodayDosesSummary }, { TodayMealsSummary }] =
          await Promise.all([
            import('../../features/vital-signs/vital-sign-dashboard-screen'),
            import('../../features/medication/today-doses-summary'),
            import('../../features/diet/today-meals-summary'),
          ]);
        return function HealthDashboard() {
          return (
            <VitalSignDashboardScreen
              today={
                <>
                  <TodayDosesSummary />
                  <TodayMealsSummary />
                </>
              }
            />
          );
        };
      },
      () => ({}),
      { requiresLogin: 'homecare' },
    ),
  },
  ...(
    [
      [p.tempRegist, 'TEMPERATURE'],
      [p.bloodPressureRegist, 'BLOOD_PRESSURE'],
      [p.bloodGlucoseRegist, 'BLOOD_GLUCOSE'],
      [p.heartRateRegist, 'HEART_RATE'],
      [p.sleepRegist, 'SLEEP'],
    ] as const
  ).map(([route, kind]): RouteObject => ({
    path: route.path,
    ...lazyScreen(
      () =>
        import('../../features/vital-signs/vital-sign-register-screen').then(
          (m) => m.VitalSignRegisterScreen,
        ),
      () => ({ kind }),
      { requiresLogin: 'homecare' },
    ),
  })),
  // issue 13 (patient side): the seven detail screens (one component, the kind as input)
  ...(
    [
      [p.tempDetail, 'TEMPERATURE'],
      [p.spo2Detail, 'SPO2'],
      [p.sleepDetail, 'SLEEP'],
      [p.heartRateDetail, 'HEART_RATE'],
      [p.exerciseDetail, 'EXERCISE'],
      [p.bloodPressureDetail, 'BLOOD_PRESSURE'],
      [p.bloodGlucoseDetail, 'BLOOD_GLUCOSE'],
    ] as const
  ).map(([route, kind]): RouteObject => ({
    path: route.path,
    ...lazyScreen(
      () =>
        import('../../features/vital-signs/vital-sign-detail-screen').then((m) => m.VitalSignDetailScreen),
      () => ({ kind }),
      { requiresLogin: 'homecare' },
    ),
  })),
  // issue 15 — medication reminders: today's doses (the add form inside), the month, one medicine
  {
    path: p.medicationMain.path,
    ...lazyScreen(
      () => import('../../features/medication/medication-main-screen').then((m) => m.MedicationMainScreen),
      () => ({}),
      { requiresLogin: 'homecare' },
    ),
  },
  {
    path: p.medicationCalendar.path,
    ...lazyScreen(
      () =>
        import('../../features/medication/medication-calendar-screen').then(
          (m) => m.MedicationCalendarScreen,
        ),
      () => ({}),
      { requiresLogin: 'homecare' },
    ),
  },
  {
    path: p.medicationDetail.path,
    ...lazyScreen(
      () =>
        import('../../features/medication/medication-detail-screen').then((m) => m.MedicationDetailScreen),
      (params) => ({ idx: params.idx ?? '' }),
      { requiresLogin: 'homecare' },
    ),
  },
  // issue 15 — diet logging: log a meal (?idx=N edits one), the day and week
  {
    path: p.dietRegist.path,
    ...lazyScreen(
      () => import('../../features/diet/diet-register-screen').then((m) => m.DietRegisterScreen),
      () => ({}),
      { requiresLogin: 'homecare' },
    ),
  },
  {
    path: p.dietDashboard.path,
    ...lazyScreen(
      () => import('../../features/diet/diet-dashboard-screen').then((m) => m.DietDashboardScreen),
      () => ({}),
      { requiresLogin: 'homecare' },
    ),
  },
  // issue 17 — Q&A with the care team: the list, the question form, one question
  {
    path: p.qnaList.path,
    ...lazyScreen(
      () => import('../../features/qna/qna-list-screen').then((m) => m.QnaListScreen),
      () => ({}),
      { requiresLogin: 'homecare' },
    ),
  },
  {
    path: p.qnaRegist.path,
    ...lazyScreen(
      () => import('../../features/qna/qna-register-screen').then((m) => m.QnaRegisterScreen),
      () => ({}),
      { requiresLogin: 'homecare' },
    ),
  },
  {
    path: p.qnaDetail.path,
    ...lazyScreen(
      () => import('../../features/qna/qna.route').then((m) => m.QnaDetailRoute),
      (params) => ({ idx: params.idx ?? '' }),
      { requiresLogin: 'homecare' },
    ),
  },
  // issue 17 — telemedicine: the visits, the device check, the waiting room and call, one visit
  // (its detail shows the latest readings of the vital signs' dashboard: composed here)
  {
    path: p.telemedicineList.path,
    ...lazyScreen(
      () =>
        import('../../features/telemedicine/telemedicine-list-screen').then((m) => m.TelemedicineListScreen),
      () => ({}),
      { requiresLogin: 'homecare' },
    ),
  },
  {
    path: p.telemedicineConfig.path,
    ...lazyScreen(
      () => import('../../features/telemedicine/telemedicine.route').then((m) => m.TelemedicineConfigRoute),
      () => ({}),
      { requiresLogin: 'homecare' },
    ),
  },
  {
    path: p.telemedicineVideoCall.path,
    ...lazyScreen(
      () =>
        import('../../features/telemedicine/telemedicine.route').then((m) => m.TelemedicineVideoCallRoute),
      () => ({}),
      { requiresLogin: 'homecare' },
    ),
  },
  {
    path: p.telemedicineDetail.path,
    ...lazyScreen(
      async () => {
        const [{ TelemedicineDetailRoute }, { LatestReadings }] = await Promise.all([
          import('../../features/telemedicine/telemedicine.route'),
          import('../../features/vital-signs/latest-readings'),
        ]);
        return function TelemedicineDetail({ idx }: { idx: string }) {
          return <TelemedicineDetailRoute idx={idx} readings={<LatestReadings />} />;
        };
      },
      (params) => ({ idx: params.idx ?? '' }),
      { requiresLogin: 'homecare' },
    ),
  },
];
