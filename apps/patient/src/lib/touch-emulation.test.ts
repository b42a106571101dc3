import { describe, expect, it } from 'vitest';
import { isTouchDevice, startTouchEmulation } from './touch-emulation';

/**
 * What decides whether the mouse must play touch (spec §9). The emulation itself needs a
 * browser's Touch constructor, which jsdom lacks: e2e/patient/screens.spec.ts drives it
 * with a real mouse in a desktop Chromium.
 */
describe('touch emulation', () => {
  it('sees a touch screen by its touch events or its touch points', () => {
    const withPoints = (maxTouchPoints: number) => ({ navigator: { maxTouchPoints } }) as unknown as Window;
    expect(isTouchDevice(withPoints(0))).toBe(false);
    expect(isTouchDevice(withPoints(5))).toBe(true);
    expect(isTouchDevice({ ontouchstart: null, navigator: { maxTouchPoints: 0 } } as unknown as Window)).toBe(
      true,
    );
  });

  it('leaves a browser without a Touch constructor alone (desktop Firefox, Safari)', () => {
    // jsdom: touch events announced, no Touch constructor.
    const seen: string[] = [];
    const record = (event: Event) => seen.push(event.type);
    document.addEventListener('touchstart', record);
    const stop = startTouchEmulation(window);
    document.body.dispatchEvent(new MouseEvent('mousedown', { bubbles: true }));
    stop();
    document.removeEventListener('touchstart', record);
    expect(seen).toEqual([]);
  });
});
