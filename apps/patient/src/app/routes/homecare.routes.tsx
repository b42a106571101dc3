import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { sharedAreaRoutes } from './common.routes';
import { lazyScreen, preparing, toAreaHome } from './lazy-screen';

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
  ...[
    p.telemedicineConfig,
    p.telemedicineList,
    p.telemedicineVideoCall,
    p.telemedicineDetail,
    p.tempDetail,
    p.spo2Detail,
    p.sleepDetail,
    p.heartRateDetail,
    p.exerciseDetail,
    p.bloodPressureDetail,
    p.bloodGlucoseDetail,
    p.qnaList,
    p.qnaRegist,
    p.qnaDetail,
    p.medicationMain,
    p.medicationCalendar,
    p.medicationDetail,
  ].map((route): RouteObject => ({ path: route.path, ...preparing('homecare') })),
  // issue 13: the vital signs' dashboard, then the register screens (one component, the kind as input).
  {
    path: p.myStatusDashboard.path,
    ...lazyScreen(
      () =>
        import('../../features/vital-signs/vital-sign-dashboard-screen').then(
          (m) => m.VitalSignDashboardScreen,
        ),
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
];
