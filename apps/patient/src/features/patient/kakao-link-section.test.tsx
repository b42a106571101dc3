import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import { screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { session } from '../../lib/session';
import { KakaoLinkSection } from './kakao-link-section';

const CONFIG = `GET ${apiPaths.kakao.getConfig}`;
const MY_LINK = `GET ${apiPaths.kakao.getMyLink}`;
const UNLINK = `POST ${apiPaths.kakao.unlink}`;

beforeEach(() => session.setTokens({ accessToken: 'a', refreshToken: 'r' }));
afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

describe('settings: 로그인 연결 (Kakao)', () => {
  it('unlinks a linked account with a password, after asking', async () => {
    const api = mockApi({
      [CONFIG]: () => ({ body: ok({ enabled: true }) }),
      [MY_LINK]: () => ({
        body: ok({ linked: true, linkedAt: '2026-11-20T01:00:00.000Z', hasPassword: true }),
      }),
      [UNLINK]: () => ({ body: ok({ linked: false, linkedAt: null, hasPassword: true }) }),
    });
    renderScreen(<KakaoLinkSection />);
    expect(await screen.findByText('2026. 11. 20.부터 연결됨')).toBeInTheDocument();
    // antd-mobile's dialog keeps pointer-events off while it animates in; jsdom never finishes that.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(screen.getByRole('button', { name: /카카오 로그인/ }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('카카오 연결을 해제할까요?');
    await user.click(within(dialog).getByRole('button', { name: '연결 해제' }));
    expect(await screen.findByText('카카오 연결을 해제했습니다.')).toBeInTheDocument();
    expect(await screen.findByText(/연결되어 있지 않습니다/)).toBeInTheDocument();
    expect(api.calls(UNLINK)).toBe(1);
  });

  it('an account without a password says why it cannot unlink, and offers no button', async () => {
    mockApi({
      [CONFIG]: () => ({ body: ok({ enabled: true }) }),
      [MY_LINK]: () => ({
        body: ok({ linked: true, linkedAt: '2026-11-20T01:00:00.000Z', hasPassword: false }),
      }),
    });
    renderScreen(<KakaoLinkSection />);
    expect(await screen.findByText(/비밀번호가 없는 계정이라 연결을 해제할 수 없습니다/)).toBeInTheDocument();
    const section = screen.getByRole('heading', { name: '로그인 연결' }).closest('section')!;
    expect(within(section).queryByRole('button')).not.toBeInTheDocument();
  });

  it('shows a refused unlink as the server words it, and keeps the link', async () => {
    mockApi({
      [CONFIG]: () => ({ body: ok({ enabled: true }) }),
      [MY_LINK]: () => ({
        body: ok({ linked: true, linkedAt: '2026-11-20T01:00:00.000Z', hasPassword: true }),
      }),
      [UNLINK]: () => ({ status: 502, body: fail(ResultCode.KAKAO_LOGIN_FAILED, 'kakao down') }),
    });
    renderScreen(<KakaoLinkSection />);
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    await user.click(await screen.findByRole('button', { name: /카카오 로그인/ }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '연결 해제' }));
    // The dialog closes with an animation before the refusal's toast: on a busy machine that
    // takes longer than findBy's default second.
    expect(
      await screen.findByText(
        '카카오 로그인을 완료하지 못했습니다. 잠시 후 다시 시도해 주세요.',
        {},
        { timeout: 5_000 },
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('2026. 11. 20.부터 연결됨')).toBeInTheDocument();
  });

  it('is hidden when Kakao is not configured and nothing is linked', async () => {
    const api = mockApi({
      [CONFIG]: () => ({ body: ok({ enabled: false }) }),
      [MY_LINK]: () => ({ body: ok({ linked: false, linkedAt: null, hasPassword: true }) }),
    });
    const { container } = renderScreen(<KakaoLinkSection />);
    await vi.waitFor(() => expect(api.calls(MY_LINK)).toBe(1));
    await vi.waitFor(() => expect(api.calls(CONFIG)).toBe(1));
    expect(container.querySelector('section')).toBeNull();
  });
});
