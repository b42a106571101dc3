import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { ResultCode } from '@smartcare/contract/result-codes';
import { createApiClient } from '../lib/api-client';
import { createI18n } from '../lib/i18n';
import { createSessionStore } from '../lib/session';
import { chatRoom, nurseCall, staffProfile } from '../testing/factories';
import { createFakeRealtime } from '../testing/fake-realtime';
import { createFakeFetch, fail, ok, type FakeRoute } from '../testing/fake-server';
import { AppProvider } from './provider';
import { routes } from './router';
import { SESSION_END_KEY, type AppServices } from './services';

const nurse = staffProfile({ loginId: 'nurse', name: '김간호', role: 'NURSE', hospitalName: '스마트병원' });

function startConsole(extraRoutes: Record<string, FakeRoute> = {}, path = '/') {
  const session = createSessionStore(localStorage, sessionStorage);
  const server = createFakeFetch({
    'POST /staff/login': (req) =>
      (req.body as { password: string }).password === 'Demo1234!'
        ? ok({ accessToken: 'a1', refreshToken: 'r1' })
        : fail(ResultCode.BAD_CREDENTIALS, '아이디 또는 비밀번호가 올바르지 않습니다.', 401),
    'GET /staff/getMyData': () => ok(nurse),
    'GET /chat/rooms': () => ok([chatRoom({ patientName: '홍길동', unreadCount: 2 })]),
    'GET /nurseCall/getOpenCalls': () => ok([nurseCall(), nurseCall()]),
    'POST /staff/logout': () => ok({}),
    // issue 13: the home-care tab's count of open urgent alerts
    'GET /homeCare/getOpenAlerts': () => ok([]),
    ...extraRoutes,
  });
  const realtime = createFakeRealtime();
  const createRealtime = vi.fn(() => realtime);
  const api = createApiClient({
    session,
    fetch: server.fetch,
    onSessionEnded: (reason) => sessionStorage.setItem(SESSION_END_KEY, reason),
  });
  const services: AppServices = {
    session,
    api,
    queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }),
    i18n: createI18n('kr-KO'),
    createRealtime,
  };
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProvider services={services}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return {
    session,
    router,
    realtime,
    createRealtime,
    i18n: services.i18n,
    requests: server.requests,
    user: userEvent.setup({ delay: null }),
  };
}

describe('the staff console', () => {
  it('sends a visitor without a session to the login screen', async () => {
    startConsole({}, '/nurse-calls');
    expect(await screen.findByRole('heading', { name: '의료진 로그인' })).toBeInTheDocument();
  });

  it('shows the server’s reason when the login is refused', async () => {
    const { user } = startConsole();
    await user.type(await screen.findByLabelText('아이디'), 'nurse');
    await user.type(screen.getByLabelText('비밀번호'), 'wrong');
    await user.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('아이디 또는 비밀번호가 올바르지 않습니다.');
  });

  it('logs a nurse in to the inbox, names her in the header, connects live, and logs her out', async () => {
    const { user, session, realtime, requests } = startConsole();
    await user.type(await screen.findByLabelText('아이디'), 'nurse');
    await user.type(screen.getByLabelText('비밀번호'), 'Demo1234!');
    await user.click(screen.getByRole('button', { name: '로그인' }));

    // The first visit compiles the lazily loaded chat screen: slow on a busy machine.
    expect(await screen.findByRole('link', { name: /홍길동/ }, { timeout: 15_000 })).toBeInTheDocument();
    expect(screen.getByTestId('staff-info')).toHaveTextContent('김간호 · 간호사 · 스마트병원');
    const nav = screen.getByRole('navigation', { name: '주 메뉴' });
    expect(within(nav).getByRole('link', { name: /채팅 상담/ })).toHaveAttribute('aria-current', 'page');
    // Live from the start on every screen: the inbox and the ward's calls.
    await waitFor(() =>
      expect(realtime.subscriptions()).toEqual(
        expect.arrayContaining(['staffInbox/1/staff/7', 'nurseCalling/1']),
      ),
    );
    // The session is per tab unless "keep me signed in" was chosen, under the staff's own keys.
    expect(sessionStorage.getItem('staffAccessToken')).toBe('a1');
    expect(localStorage.getItem('accessToken')).toBeNull();

    await user.click(screen.getByRole('button', { name: '로그아웃' }));
    expect(await screen.findByText('로그아웃되었습니다.', {}, { timeout: 15_000 })).toBeInTheDocument();
    expect(session.get()).toBeNull();
    expect(realtime.status()).toBe('closed');
    // The server was asked to end the login with its own token (issue 10 point 13).
    const logout = requests.find((r) => r.method === 'POST' && r.path.endsWith('/staff/logout'));
    expect(logout?.headers.Authorization).toBe('Bearer a1');
  }, 60_000);

  it('switches language at once without reopening the live connection', async () => {
    localStorage.setItem('staffAccessToken', 'a1');
    localStorage.setItem('staffRefreshToken', 'r1');
    localStorage.setItem('staffLoginId', 'nurse');
    localStorage.setItem('staffMyData', JSON.stringify(nurse));
    const { createRealtime, i18n } = startConsole({}, '/nurse-calls');
    expect(
      await screen.findByRole('heading', { name: '간호사 호출 현황' }, { timeout: 15_000 }),
    ).toBeInTheDocument();

    await act(() => i18n.changeLanguage('en-US'));

    expect(await screen.findByRole('heading', { name: 'Nurse calls' })).toBeInTheDocument();
    expect(screen.getByTestId('staff-info')).toHaveTextContent('김간호 · Nurse · 스마트병원');
    expect(document.title).toBe('Smart Care Staff Console');
    expect(createRealtime).toHaveBeenCalledTimes(1);
  }, 60_000);

  it('goes back to login with a notice when the server says the staff member is not logged in', async () => {
    localStorage.setItem('staffAccessToken', 'stale');
    localStorage.setItem('staffRefreshToken', 'stale-r');
    localStorage.setItem('staffLoginId', 'nurse');
    localStorage.setItem('staffMyData', JSON.stringify(nurse));
    startConsole(
      { 'GET /chat/rooms': () => fail(ResultCode.NOT_LOGGED_IN, '로그인 후 이용 부탁드립니다', 401) },
      '/chat',
    );
    expect(
      await screen.findByRole('heading', { name: '의료진 로그인' }, { timeout: 15_000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('로그인 후 이용 부탁드립니다')).toBeInTheDocument();
    expect(localStorage.getItem('staffAccessToken')).toBeNull();
  });
});
