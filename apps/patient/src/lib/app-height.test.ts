import { afterEach, describe, expect, it } from 'vitest';
import { startAppHeight } from './app-height';

const appHeight = () => document.documentElement.style.getPropertyValue('--app-height');

function setInnerHeight(px: number) {
  // jsdom's window never resizes by itself: set the height a phone would report.
  Object.defineProperty(window, 'innerHeight', { configurable: true, value: px });
}

let stop: (() => void) | undefined;
afterEach(() => {
  stop?.();
  stop = undefined;
  document.documentElement.style.removeProperty('--app-height');
});

describe('the app height variable (spec §9)', () => {
  it('is the window’s real height from the start', () => {
    setInnerHeight(780);
    stop = startAppHeight();
    expect(appHeight()).toBe('780px');
  });

  it('follows a resize, e.g. the toolbar of a mobile browser hiding', () => {
    setInnerHeight(700);
    stop = startAppHeight();
    setInnerHeight(760);
    window.dispatchEvent(new Event('resize'));
    expect(appHeight()).toBe('760px');
  });

  it('follows the phone turning sideways', () => {
    setInnerHeight(780);
    stop = startAppHeight();
    setInnerHeight(360);
    window.dispatchEvent(new Event('orientationchange'));
    expect(appHeight()).toBe('360px');
  });

  it('stops listening when stopped', () => {
    setInnerHeight(780);
    startAppHeight()();
    setInnerHeight(500);
    window.dispatchEvent(new Event('resize'));
    window.dispatchEvent(new Event('orientationchange'));
    expect(appHeight()).toBe('780px');
  });
});
