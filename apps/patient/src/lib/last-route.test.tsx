import { screen } from '@testing-library/dom';
import { render } from '../testing/react-render';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { RootLayout } from '../app/root-layout';
import { restoreLastRoute } from './last-route';

function fakeLocation(hash: string) {
  return { hash, replace: vi.fn() };
}

describe('last route (spec §2)', () => {
  it('restores a saved route when the address has no hash', () => {
    localStorage.setItem('lastRoute', '/homecare/common/alarm');
    const location = fakeLocation('');
    expect(restoreLastRoute(location)).toBe('/homecare/common/alarm');
    expect(location.replace).toHaveBeenCalledWith('#/homecare/common/alarm');
  });

  it('restores it for the root hash too', () => {
    localStorage.setItem('lastRoute', '/hospital/setting/home');
    const location = fakeLocation('#/');
    restoreLastRoute(location);
    expect(location.replace).toHaveBeenCalledWith('#/hospital/setting/home');
  });

  it('leaves a deep link alone', () => {
    localStorage.setItem('lastRoute', '/hospital/setting/home');
    const location = fakeLocation('#/hospital/common/terms');
    expect(restoreLastRoute(location)).toBeNull();
    expect(location.replace).not.toHaveBeenCalled();
  });

  it('does nothing when the saved route is the root or missing', () => {
    const location = fakeLocation('');
    expect(restoreLastRoute(location)).toBeNull();
    localStorage.setItem('lastRoute', '/');
    expect(restoreLastRoute(location)).toBeNull();
    expect(location.replace).not.toHaveBeenCalled();
  });

  it('stores the full path after every navigation', async () => {
    const router = createMemoryRouter(
      [{ Component: RootLayout, children: [{ path: '*', element: <p>screen</p> }] }],
      { initialEntries: ['/hospital/home'] },
    );
    render(<RouterProvider router={router} />);
    await screen.findByText('screen');
    expect(localStorage.getItem('lastRoute')).toBe('/hospital/home');
    await act(() => router.navigate('/hospital/common/terms/PRIVACY?from=settings'));
    expect(localStorage.getItem('lastRoute')).toBe('/hospital/common/terms/PRIVACY?from=settings');
  });
});
