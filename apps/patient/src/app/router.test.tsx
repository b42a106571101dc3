import { screen, waitFor } from '@testing-library/dom';
import { isValidElement } from 'react';
import { matchRoutes, MemoryRouter, useLocation, useRoutes, type RouteObject } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { paths } from '../config/paths';
import { rememberRoute } from '../lib/last-route';
import { session } from '../lib/session';
import { patientProfile } from '../testing/factories';
import { render } from '../testing/react-render';
import { RootLayout } from './root-layout';
import { routes } from './router';
import { AreaHome, LazyRoute, lazyScreen } from './routes/lazy-screen';

function Table({ table }: { table: RouteObject[] }) {
  return useRoutes(table);
}

/** The app's way of rendering the table (app.tsx), on a memory history. */
function renderAt(path: string, table: RouteObject[] = routes) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Table table={table} />
    </MemoryRouter>,
  );
}

/** The base redirects of the table, with a stand-in screen at `to`. */
function redirectsTo(to: string): RouteObject[] {
  const redirects = routes[0]!.children!.filter(
    (r) => isValidElement(r.element) && r.element.type === AreaHome,
  );
  return [{ children: [...redirects, { path: to, element: <p>{to}</p> }] }];
}

/** Every concrete path of config/paths.ts, with a sample value for each parameter. */
function everyPath(): string[] {
  const found: string[] = [];
  const walk = (node: unknown) => {
    if (
      node &&
      typeof node === 'object' &&
      'href' in node &&
      typeof (node as { href: unknown }).href === 'function'
    ) {
      const href = (node as { href: (value: string) => string }).href('3');
      found.push(href);
      return;
    }
    if (node && typeof node === 'object') for (const child of Object.values(node)) walk(child);
  };
  walk(paths);
  return found;
}

function leafOf(path: string): RouteObject | undefined {
  return matchRoutes(routes, path)?.at(-1)?.route;
}

describe('the route table (spec §2)', () => {
  it('has a route of its own for every path of both areas and the account area', () => {
    const all = everyPath();
    // 73 paths today: every route of both areas and the account area (spec §2), plus the root.
    expect(all.length).toBeGreaterThanOrEqual(70);
    for (const path of all) {
      const leaf = leafOf(path);
      expect(leaf?.path, path).not.toBe('*');
      expect(leaf, path).toBeDefined();
    }
  });

  it('loads every screen lazily', () => {
    for (const path of everyPath()) {
      const { element } = leafOf(path)!;
      expect(isValidElement(element) && [LazyRoute, AreaHome].includes(element.type as never), path).toBe(
        true,
      );
    }
  });

  it('answers an unknown address with the not-found screen', async () => {
    expect(leafOf('/hospital/nowhere')?.path).toBe('*');
    const view = renderAt('/hospital/nowhere');
    expect(
      await screen.findByRole('heading', { level: 1, name: '페이지를 찾을 수 없습니다' }),
    ).toBeInTheDocument();
    view.unmount();
  });

  it('reaches the home-care login by both spellings', () => {
    expect(leafOf('/homeCare/login')?.element).toBeDefined();
    expect(leafOf('/homecare/login')?.element).toBeDefined();
  });

  it('redirects /, /hospital and /homecare to the area homes', async () => {
    session.setTokens({ accessToken: 'a', refreshToken: 'r' });
    for (const [from, to] of [
      ['/', '/hospital/home'],
      ['/hospital', '/hospital/home'],
      ['/homecare', '/homecare/home'],
    ] as const) {
      const view = renderAt(from, redirectsTo(to));
      expect(await screen.findByText(to)).toBeInTheDocument();
      view.unmount();
    }
  });

  it('sends a patient without a session from /, /hospital and /homecare straight to the area login', async () => {
    for (const [from, to] of [
      ['/', '/hospital/login'],
      ['/hospital', '/hospital/login'],
      ['/homecare', '/homecare/login'],
    ] as const) {
      const view = renderAt(from, redirectsTo(to));
      expect(await screen.findByText(to)).toBeInTheDocument();
      view.unmount();
    }
  });

  it('hands the route parameter to the terms screen', async () => {
    const leaf = matchRoutes(routes, '/hospital/common/terms/PRIVACY')!.at(-1)!;
    expect(leaf.params.termsCode).toBe('PRIVACY');
    const Screen = ({ area, termsCode }: { area: string; termsCode: string }) => (
      <p>
        {area}:{termsCode}
      </p>
    );
    const route = lazyScreen(
      () => Promise.resolve(Screen),
      (params) => ({ area: 'hospital', termsCode: params.termsCode ?? '' }),
    );
    renderAt('/terms/PRIVACY', [
      { element: <RootLayout />, children: [{ path: '/terms/:termsCode', ...route }] },
    ]);
    expect(await screen.findByText('hospital:PRIVACY')).toBeInTheDocument();
  });

  it('sends a guarded screen without a session to the login without fetching it', async () => {
    const load = vi.fn(() => Promise.resolve(() => <p>home</p>));
    const route = lazyScreen(load, () => ({}), { requiresLogin: 'homecare' });
    renderAt('/guarded', [
      { path: '/guarded', ...route },
      { path: paths.homecare.login.path, element: <p>login</p> },
    ]);
    expect(await screen.findByText('login')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
  });

  it('sends a patient without a session from a rating deep link to the login of its area, keeping the query', async () => {
    /** A stand-in login that shows where it would send the patient back. */
    function Login({ name }: { name: string }) {
      const from = (useLocation().state as { from?: string } | null)?.from;
      return <p>{`${name} → ${from}`}</p>;
    }
    const table: RouteObject[] = [
      { path: paths.hospital.rate.path, element: leafOf(paths.hospital.rate.path)!.element },
      { path: paths.hospital.login.path, element: <Login name="hospital login" /> },
      { path: paths.homecare.login.path, element: <Login name="homecare login" /> },
    ];
    session.clear();
    const telemedicine = renderAt('/hospital/rate?kind=TELEMEDICINE&idx=4', table);
    expect(
      await screen.findByText('homecare login → /hospital/rate?kind=TELEMEDICINE&idx=4'),
    ).toBeInTheDocument();
    telemedicine.unmount();
    renderAt('/hospital/rate?kind=APPOINTMENT&idx=4', table);
    expect(
      await screen.findByText('hospital login → /hospital/rate?kind=APPOINTMENT&idx=4'),
    ).toBeInTheDocument();
  });

  it('sends a patient without a session from /settings and /detail to the login of their own area', async () => {
    /** The real account route, with stand-ins for both logins. */
    const accountTable = (path: string): RouteObject[] => [
      { path, element: leafOf(path)!.element },
      { path: paths.hospital.login.path, element: <p>hospital login</p> },
      { path: paths.homecare.login.path, element: <p>homecare login</p> },
    ];
    const cases: [setUp: () => void, login: string][] = [
      // The last route was in the home-care area (e.g. its settings, before the session ended).
      [() => rememberRoute('/homecare/setting/home'), 'homecare login'],
      [() => rememberRoute('/homeCare/login'), 'homecare login'],
      [() => rememberRoute('/hospital/setting/home'), 'hospital login'],
      // A profile kept without tokens names the area, whatever the last route says.
      [
        () => {
          session.setMyData(patientProfile({ areas: ['HOMECARE'] }));
          rememberRoute('/hospital/home');
        },
        'homecare login',
      ],
      // A profile of both areas leaves it to the last route.
      [
        () => {
          session.setMyData(patientProfile({ areas: ['HOSPITAL', 'HOMECARE'] }));
          rememberRoute('/homecare/home');
        },
        'homecare login',
      ],
      // Nothing known (or only account routes visited): the hospital's, as for `/`.
      [() => rememberRoute('/detail'), 'hospital login'],
      [() => undefined, 'hospital login'],
    ];
    for (const path of [paths.account.settings.href(), paths.account.detail.href()]) {
      for (const [n, [setUp, login]] of cases.entries()) {
        window.localStorage.clear();
        session.clear();
        setUp();
        const view = renderAt(path, accountTable(path));
        expect(await screen.findByText(login), `${path}, case ${n + 1}`).toBeInTheDocument();
        view.unmount();
      }
    }
  });

  it('shows the loading state, then the screen, and the error screen when a screen fails to load', async () => {
    let resolve: (screen: () => React.JSX.Element) => void = () => undefined;
    const slow = lazyScreen(
      () => new Promise<() => React.JSX.Element>((r) => (resolve = r)),
      () => ({}),
      { firstScreen: true },
    );
    const broken = lazyScreen(
      () => Promise.reject(new Error('Failed to fetch dynamically imported module')),
      () => ({}),
      { firstScreen: true },
    );
    const view = renderAt('/slow', [
      {
        element: <RootLayout />,
        children: [
          { path: '/slow', ...slow },
          { path: '/broken', ...broken },
        ],
      },
    ]);
    // The layout's offline banner is a (quiet, empty) live region too (issue 12).
    await waitFor(() =>
      expect(screen.getAllByRole('status').map((status) => status.textContent)).toContain(
        '불러오는 중입니다',
      ),
    );
    resolve(() => <p>slow screen</p>);
    expect(await screen.findByText('slow screen')).toBeInTheDocument();
    view.unmount();
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderAt('/broken', [{ element: <RootLayout />, children: [{ path: '/broken', ...broken }] }]);
    expect(await screen.findByRole('heading', { name: '새 버전이 준비되었습니다' })).toBeInTheDocument();
    vi.mocked(console.error).mockRestore();
  });
});
