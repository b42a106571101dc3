import { onlineManager } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '../../testing/react-render';
import { OfflineBanner } from './offline-banner';

describe('the offline banner (issue 12)', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('says "오프라인" and why the screen shows older content while the phone has no network, and goes when it is back', () => {
    render(<OfflineBanner />);
    // Online: the live region is there (so the change is announced) but says nothing.
    expect(screen.getByRole('status')).toBeEmptyDOMElement();

    act(() => onlineManager.setOnline(false));
    expect(screen.getByRole('status')).toHaveTextContent('오프라인 마지막으로 받은 내용입니다.');

    // The screens' sticky headers move below it while it shows.
    expect(document.documentElement.style.getPropertyValue('--offline-banner-height')).toMatch(/^\d+px$/);

    act(() => onlineManager.setOnline(true));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(document.documentElement.style.getPropertyValue('--offline-banner-height')).toBe('');
  });

  it('follows the browser’s offline and online events', () => {
    render(<OfflineBanner />);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(screen.getByRole('status')).toHaveTextContent('오프라인');
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
