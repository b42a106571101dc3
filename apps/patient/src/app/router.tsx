import { createHashRouter, redirect, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { RouteErrorScreen } from '../components/ui/route-error-screen';
import { LoadingView } from '../components/ui/state-views';
import { accountRoutes } from './routes/account.routes';
import { homecareRoutes } from './routes/homecare.routes';
import { hospitalRoutes } from './routes/hospital.routes';
import { lazyScreen } from './routes/lazy-screen';
import { RootLayout } from './root-layout';

/** The whole route table of spec §2, hash-based; every screen is its own lazy chunk. */
export const routes: RouteObject[] = [
  {
    Component: RootLayout,
    ErrorBoundary: RouteErrorScreen,
    HydrateFallback: LoadingView,
    children: [
      { path: paths.root.path, loader: () => redirect(paths.hospital.home.href()) },
      ...hospitalRoutes,
      ...homecareRoutes,
      ...accountRoutes,
      {
        path: '*',
        ...lazyScreen(
          () => import('../components/ui/not-found-screen').then((m) => m.NotFoundScreen),
          () => ({ home: paths.hospital.home.href() }),
        ),
      },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(routes);
}
