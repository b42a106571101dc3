import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import { screen } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, patientProfile } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { session } from '../../lib/session';
import { LoginScreen } from './login-screen';

afterEach(() => vi.unstubAllGlobals());

describe('the login screen', () => {
  it('logs the patient in, keeps the session and lands on the area home', async () => {
    const api = mockApi({
      [`POST ${apiPaths.patient.login}`]: () => ({ body: ok({ accessToken: 'a1', refreshToken: 'r1' }) }),
      [`GET ${apiPaths.patient.getPatient}`]: () => ({ body: ok(patientProfile({ name: '이순자' })) }),
    });
    renderScreen(<LoginScreen area="homecare" />, {
      path: '/homecare/login',
      otherRoutes: ['/homecare/home'],
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('아이디'), 'demo');
    await user.type(screen.getByLabelText('비밀번호'), 'Demo1234!');
    await user.click(screen.getByRole('checkbox', { name: '아이디 기억하기' }));
    await user.click(screen.getByRole('button', { name: '로그인' }));

    expect(await screen.findByTestId('landed')).toHaveTextContent('/homecare/home');
    expect(api.seen.find((r) => r.path === apiPaths.patient.login)!.body).toEqual({
      loginId: 'demo',
      password: 'Demo1234!',
    });
    expect(session.snapshot()).toMatchObject({ accessToken: 'a1', refreshToken: 'r1', loginId: 'demo' });
    expect(session.snapshot().myData?.name).toBe('이순자');
    expect(localStorage.getItem('rememberedLoginId')).toBe('demo');
  });

  it('says in Korean what is missing before sending anything', async () => {
    const api = mockApi({});
    renderScreen(<LoginScreen area="hospital" />);
    await userEvent.setup().click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByText('아이디를 입력해 주세요')).toBeInTheDocument();
    expect(screen.getByText('비밀번호를 입력해 주세요')).toBeInTheDocument();
    // Only the Kakao button's question (issue 12) went out; no login.
    expect(api.seen.map((r) => `${r.method} ${r.path}`)).toEqual([`GET ${apiPaths.kakao.getConfig}`]);
  });

  it('shows a refusal in the patient’s language, by its result code', async () => {
    mockApi({
      [`POST ${apiPaths.patient.login}`]: () => ({
        status: 401,
        body: fail(ResultCode.BAD_CREDENTIALS, 'bad credentials'),
      }),
    });
    renderScreen(<LoginScreen area="hospital" />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('아이디'), 'demo');
    await user.type(screen.getByLabelText('비밀번호'), 'wrong');
    await user.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('아이디 또는 비밀번호가 올바르지 않습니다.');
    expect(session.isLoggedIn()).toBe(false);
  });

  it('falls back to the server’s own words for a code it does not know', async () => {
    mockApi({
      [`POST ${apiPaths.patient.login}`]: () => ({ status: 400, body: fail(99999999, '서버가 말한 이유') }),
    });
    renderScreen(<LoginScreen area="hospital" />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('아이디'), 'demo');
    await user.type(screen.getByLabelText('비밀번호'), 'x');
    await user.click(screen.getByRole('button', { name: '로그인' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('서버가 말한 이유');
  });

  it('links to sign-up and the password reset', () => {
    renderScreen(<LoginScreen area="hospital" />);
    expect(screen.getByRole('link', { name: '회원가입' })).toHaveAttribute('href', '/sign-up');
    expect(screen.getByRole('link', { name: '비밀번호 찾기' })).toHaveAttribute('href', '/forgot-password');
  });
});
