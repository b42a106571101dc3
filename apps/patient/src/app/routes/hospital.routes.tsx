import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { sharedAreaRoutes } from './common.routes';
import { lazyScreen, preparing, toAreaHome } from './lazy-screen';

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
  ...[
    p.rateList,
    p.rate,
    p.pushList,
    p.scheduleList,
    p.scheduleDetail,
    p.kakaoCallback,
    p.documentRequestList,
    p.documentRequestDetail,
  ].map((route): RouteObject => ({ path: route.path, ...preparing('hospital') })),
];
