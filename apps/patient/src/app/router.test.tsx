import { screen } from '@testing-library/dom';
import { act } from 'react';
import { createMemoryRouter, matchRoutes, RouterProvider, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { paths } from '../config/paths';
import { session } from '../lib/session';
import { render } from '../testing/react-render';
import { routes } from './router';

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
      const leaf = leafOf(path)!;
      expect(Boolean(leaf.lazy || leaf.loader), path).toBe(true);
    }
  });

  it('answers an unknown address with the not-found screen', async () => {
    expect(leafOf('/hospital/nowhere')?.path).toBe('*');
    const router = createMemoryRouter(routes, { initialEntries: ['/hospital/nowhere'] });
    const view = render(<RouterProvider router={router} />);
    expect(
      await screen.findByRole('heading', { level: 1, name: '페이지를 찾을 수 없습니다' }),
    ).toBeInTheDocument();
    view.unmount();
  });

  it('reaches the home-care login by both spellings', () => {
    expect(leafOf('/homeCare/login')?.lazy).toBeDefined();
    expect(leafOf('/homecare/login')?.lazy).toBeDefined();
  });

  it('redirects /, /hospital and /homecare to the area homes', async () => {
    session.setTokens({ accessToken: 'a', refreshToken: 'r' });
    for (const [from, to] of [
      ['/', '/hospital/home'],
      ['/hospital', '/hospital/home'],
      ['/homecare', '/homecare/home'],
    ] as const) {
      const router = createMemoryRouter(
        [{ children: [...routes[0]!.children!.filter((r) => r.loader), { path: to, element: <p>{to}</p> }] }],
        { initialEntries: [from] },
      );
      const view = render(<RouterProvider router={router} />);
      expect(await screen.findByText(to)).toBeInTheDocument();
      view.unmount();
    }
  });

  it('hands the route parameter to the terms screen', async () => {
    const router = createMemoryRouter(routes, { initialEntries: ['/hospital/common/terms/PRIVACY'] });
    const leaf = matchRoutes(routes, '/hospital/common/terms/PRIVACY')!.at(-1)!;
    expect(leaf.params.termsCode).toBe('PRIVACY');
    await act(() => router.navigate('/hospital/common/terms/PRIVACY'));
    expect(router.state.matches.at(-1)?.params).toMatchObject({ termsCode: 'PRIVACY' });
  });
});
