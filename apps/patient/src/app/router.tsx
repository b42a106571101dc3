import { useRoutes, type RouteObject } from 'react-router';
import { paths } from '../config/paths';
import { accountRoutes } from './routes/account.routes';
import { homecareRoutes } from './routes/homecare.routes';
import { hospitalRoutes } from './routes/hospital.routes';
import { lazyScreen, toAreaHome } from './routes/lazy-screen';
import { RootLayout } from './root-layout';

/**
 * The whole route table of spec §2; every screen is its own lazy chunk. Rendered by the
 * hash-based router in its declarative form (app.tsx): the first screen then carries
 * react-router's matching and history without its data router (loaders, actions,
 * fetchers), which this app does not use — about half of react-router's weight.
 */
export const routes: RouteObject[] = [
  {
    element: <RootLayout />,
    children: [
      { path: paths.root.path, ...toAreaHome('hospital') },
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

export function AppRoutes() {
  return useRoutes(routes);
}
