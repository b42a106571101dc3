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
  ...[
    p.rateList,
    p.rate,
    p.serviceHome,
    p.scheduleList,
    p.scheduleDetail,
    p.newsNotice,
    p.newsFaq,
    p.newsDetail,
    p.kakaoCallback,
    p.guideSearchList,
    p.guideSearchDetail,
    p.documentRequestList,
    p.documentRequestDetail,
  ].map((route): RouteObject => ({ path: route.path, ...preparing('hospital') })),
];
