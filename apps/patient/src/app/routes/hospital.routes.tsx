import type { RouteObject } from 'react-router';
import { rateAreaOf } from '../../config/area';
import { paths } from '../../config/paths';
import { sharedAreaRoutes } from './common.routes';
import { lazyScreen, toAreaHome } from './lazy-screen';

const p = paths.hospital;

/** The hospital family (spec §2 "Hospital area"). */
export const hospitalRoutes: RouteObject[] = [
  { path: p.root.path, ...toAreaHome('hospital') },
  ...sharedAreaRoutes('hospital'),
  {
    path: p.consultingChat.path,
    ...lazyScreen(
      () => import('../../features/consulting/consulting-chat.route').then((m) => m.ConsultingChatRoute),
      () => ({ area: 'hospital' as const }),
    ),
  },
  {
    path: p.nurseCallList.path,
    ...lazyScreen(
      () => import('../../features/nurse-call/nurse-call-list.route').then((m) => m.NurseCallListRoute),
      () => ({ area: 'hospital' as const }),
    ),
  },
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
          return <KakaoCallbackScreen area="hospital" TermsField={TermsAgreementField} />;
        };
      },
      () => ({}),
    ),
  },
  // issue 14 — hospital information (patient screens)
  ...(
    [
      [p.newsNotice, 'NoticeListRoute'],
      [p.newsFaq, 'FaqRoute'],
      [p.newsDetail, 'NewsDetailRoute'],
      [p.guideSearchList, 'GuideSearchRoute'],
      [p.guideSearchDetail, 'GuideDetailRoute'],
      [p.serviceHome, 'ServiceHomeRoute'],
    ] as const
  ).map(([route, name]): RouteObject => ({
    path: route.path,
    ...lazyScreen(
      () => import('../../features/hospital-info/hospital-info.route').then((m) => m[name]),
      (params) => ({ idx: params.idx ?? '' }),
      { requiresLogin: 'hospital' },
    ),
  })),
  // issue 16 — document requests (the request form is the list's `?new=1`)
  {
    path: p.documentRequestList.path,
    ...lazyScreen(
      () =>
        import('../../features/document-request/document-request.route').then(
          (m) => m.DocumentRequestListRoute,
        ),
      () => ({ area: 'hospital' as const }),
      { requiresLogin: 'hospital' },
    ),
  },
  {
    path: p.documentRequestDetail.path,
    ...lazyScreen(
      () =>
        import('../../features/document-request/document-request.route').then(
          (m) => m.DocumentRequestDetailRoute,
        ),
      (params) => ({ area: 'hospital' as const, idx: params.idx ?? '' }),
      { requiresLogin: 'hospital' },
    ),
  },
  // issue 16 — appointments (schedules; the personal-item form is the list's `?new=1`)
  {
    path: p.scheduleList.path,
    ...lazyScreen(
      () => import('../../features/appointment/appointment.route').then((m) => m.AppointmentListRoute),
      () => ({ area: 'hospital' as const }),
      { requiresLogin: 'hospital' },
    ),
  },
  {
    path: p.scheduleDetail.path,
    ...lazyScreen(
      () => import('../../features/appointment/appointment.route').then((m) => m.AppointmentDetailRoute),
      (params) => ({ area: 'hospital' as const, idx: params.idx ?? '' }),
      { requiresLogin: 'hospital' },
    ),
  },
  // issue 16 — ratings (the occasion in the query: ?kind=CHAT&idx=12)
  {
    path: p.rateList.path,
    ...lazyScreen(
      () => import('../../features/rating/rating.route').then((m) => m.RatingListRoute),
      () => ({}),
      { requiresLogin: 'hospital' },
    ),
  },
  {
    path: p.rate.path,
    ...lazyScreen(
      () => import('../../features/rating/rating.route').then((m) => m.RatingRoute),
      () => ({}),
      // A telemedicine visit's rating (a home-care patient's) logs in through home care.
      { requiresLogin: (location) => rateAreaOf(location.search) },
    ),
  },
];
