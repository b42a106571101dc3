import { screen } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { render } from '../../testing/react-render';
import { DeviceFrame } from './device-frame';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-A546N) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';

describe('the device frame (spec §1)', () => {
  it('asks a desktop browser to use a phone and shows the app phone-wide', () => {
    // jsdom's own user agent is a desktop one.
    const { container } = render(
      <DeviceFrame>
        <p>앱 화면</p>
      </DeviceFrame>,
    );
    expect(screen.getByRole('note')).toHaveTextContent('모바일로 접속해 주세요');
    expect(screen.getByText('앱 화면').closest('.app-root')).toHaveClass('app-root-framed');
    expect(container.querySelector('.desktop-backdrop')).not.toBeNull();
  });

  it('lets the notice be closed, and remembers that', async () => {
    const first = render(
      <DeviceFrame>
        <p>앱 화면</p>
      </DeviceFrame>,
    );
    await userEvent.setup().click(screen.getByRole('button', { name: '안내 닫기' }));
    expect(screen.queryByRole('note')).toBeNull();
    // The app stays framed without the notice.
    expect(screen.getByText('앱 화면').closest('.app-root')).toHaveClass('app-root-framed');
    expect(localStorage.getItem('mobileNoticeDismissed')).toBe('1');

    // Next visit: the notice stays closed.
    first.unmount();
    render(
      <DeviceFrame>
        <p>앱 화면</p>
      </DeviceFrame>,
    );
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.getByText('앱 화면').closest('.app-root')).toHaveClass('app-root-framed');
  });

  it('fills a phone’s screen without notice or frame', () => {
    const userAgent = Object.getOwnPropertyDescriptor(Navigator.prototype, 'userAgent')!;
    Object.defineProperty(navigator, 'userAgent', { configurable: true, get: () => ANDROID });
    try {
      render(
        <DeviceFrame>
          <p>앱 화면</p>
        </DeviceFrame>,
      );
    } finally {
      Object.defineProperty(navigator, 'userAgent', userAgent);
    }
    expect(screen.queryByRole('note')).toBeNull();
    const root = screen.getByText('앱 화면').closest('.app-root');
    expect(root).not.toBeNull();
    expect(root).not.toHaveClass('app-root-framed');
  });
});
