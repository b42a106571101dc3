import { afterEach, describe, expect, it, vi } from 'vitest';
import { startPreloadErrorHandling } from './preload-error';

afterEach(() => sessionStorage.clear());

function fakeWindow() {
  const target = new EventTarget() as EventTarget & {
    sessionStorage: Storage;
    location: { reload: () => void };
  };
  target.sessionStorage = sessionStorage;
  target.location = { reload: vi.fn() };
  return target;
}

describe('a lazy screen that fails to load (vite:preloadError)', () => {
  it('reloads the page once, then lets the error reach the retry screen', () => {
    const target = fakeWindow();
    const stop = startPreloadErrorHandling(target as unknown as Window);
    const first = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(first);
    expect(target.location.reload).toHaveBeenCalledTimes(1);
    expect(first.defaultPrevented).toBe(true);

    const second = new Event('vite:preloadError', { cancelable: true });
    target.dispatchEvent(second);
    expect(target.location.reload).toHaveBeenCalledTimes(1);
    expect(second.defaultPrevented).toBe(false);
    stop();
  });
});
