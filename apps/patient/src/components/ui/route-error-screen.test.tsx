import { onlineManager } from '@tanstack/react-query';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { render } from '../../testing/react-render';
import { RouteErrorScreen } from './route-error-screen';

const chunkError = new TypeError(
  'Failed to fetch dynamically imported module: /assets/nurse-call-list.route-De_XygbG.js',
);

describe('the route error screen', () => {
  afterEach(() => onlineManager.setOnline(true));

  it('offline, says a screen not yet stored on the phone opens once it is online (issue 12), not that there is a new version', () => {
    act(() => onlineManager.setOnline(false));
    render(<RouteErrorScreen error={chunkError} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('인터넷에 연결되면 볼 수 있습니다');
    expect(screen.getByRole('alert')).toHaveTextContent('이 화면은 아직 휴대전화에 저장되지 않았습니다.');
  });

  it('online, a chunk that cannot load still means a new version', () => {
    render(<RouteErrorScreen error={chunkError} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('새 버전이 준비되었습니다');
  });
});
