import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from './react-render';
import type { ReactElement } from 'react';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router';
import { ToastHost } from '../components/ui/toast-host';

/**
 * Renders a screen inside the app's providers on a memory router, at `path` matched by
 * `pattern`; `otherRoutes` let a test see where the screen navigates to.
 */
export function renderScreen(
  screen: ReactElement,
  {
    path = '/',
    pattern = path,
    otherRoutes = [],
  }: { path?: string; pattern?: string; otherRoutes?: string[] } = {},
) {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  const routes: RouteObject[] = [
    { path: pattern, element: screen },
    ...otherRoutes.map((route) => ({ path: route, element: <p data-testid="landed">{route}</p> })),
  ];
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const utils = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
      <ToastHost />
    </QueryClientProvider>,
  );
  return { ...utils, router, queryClient };
}
