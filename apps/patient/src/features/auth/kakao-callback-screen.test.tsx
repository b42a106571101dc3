import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import type { TermsCode } from '@smartcare/contract/terms';
import { screen } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, ok, patientProfile } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { session } from '../../lib/session';
import { KakaoCallbackScreen } from './kakao-callback-screen';
import { KakaoLoginButton } from './kakao-login-button';

afterEach(() => {
  vi.unstubAllGlobals();
  session.clear();
});

/** The terms feature's field, as the app layer hands it in: one tick for the required terms. */
function FakeTermsField({
  value = [],
  onChange,
}: {
  value?: TermsCode[];
  onChange?: (codes: TermsCode[]) => void;
}) {
  return (
    <label>
      <input
        type="checkbox"
        checked={value.length > 0}
        onChange={(e) => onChange?.(e.target.checked ? ['SERVICE', 'PRIVACY', 'HEALTH_DATA'] : [])}
      />
      필수 약관 전체 동의
    </label>
  );
}

const LOGIN = `POST ${apiPaths.kakao.login}`;
let stateCounter = 0;
function renderCallback(area: 'hospital' | 'homecare', query?: string) {
  const search = query ?? `code=c-${++stateCounter}&state=s-${stateCounter}`;
  return renderScreen(<KakaoCallbackScreen area={area} TermsField={FakeTermsField} />, {
    path: `/${area}/loginreceive/kakao?${search}`,
    pattern: `/${area}/loginreceive/kakao`,
    otherRoutes: [`/${area}/home`, `/${area}/login`, `/${area}/common/hospitalselect`],
  });
}

describe('the Kakao callback screen', () => {
  it('a linked Kakao account is logged in with the usual session and lands on the area home', async () => {
    const api = mockApi({
      [LOGIN]: () => ({
        body: ok({
          status: 'LOGGED_IN',
          area: 'homecare',
          tokens: { accessToken: 'ka', refreshToken: 'kr' },
        }),
      }),
      [`GET ${apiPaths.patient.getPatient}`]: () => ({
        body: ok(patientProfile({ name: '카카오환자', loginId: 'kakao#abc' })),
      }),
    });
    renderCallback('homecare');
    expect(await screen.findByTestId('landed')).toHaveTextContent('/homecare/home');
    expect(api.calls(LOGIN)).toBe(1);
    expect(api.seen[0]!.body).toEqual({
      code: expect.stringMatching(/^c-/),
      state: expect.stringMatching(/^s-/),
    });
    expect(session.snapshot()).toMatchObject({ accessToken: 'ka', refreshToken: 'kr', loginId: 'kakao#abc' });
  });

  it('an unknown Kakao account links an existing account with its password', async () => {
    const api = mockApi({
      [LOGIN]: () => ({
        body: ok({ status: 'NEEDS_ACCOUNT', area: 'hospital', ticket: 't1', nickname: '김카카오' }),
      }),
      [`POST ${apiPaths.kakao.link}`]: (request, n) =>
        n === 1
          ? { status: 401, body: fail(ResultCode.BAD_CREDENTIALS, 'bad') }
          : { body: ok({ accessToken: 'la', refreshToken: 'lr' }) },
      [`GET ${apiPaths.patient.getPatient}`]: () => ({ body: ok(patientProfile({ loginId: 'demo' })) }),
    });
    renderCallback('hospital');
    expect(await screen.findByText(/김카카오님, 카카오 계정으로 처음 오셨네요/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '계정 연결하고 로그인' }));
    expect(await screen.findByText('아이디를 입력해 주세요')).toBeInTheDocument();
    await user.type(screen.getByLabelText('아이디'), 'demo');
    await user.type(screen.getByLabelText('비밀번호'), 'Wrong1234!');
    await user.click(screen.getByRole('button', { name: '계정 연결하고 로그인' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('아이디 또는 비밀번호가 올바르지 않습니다.');
    await user.clear(screen.getByLabelText('비밀번호'));
    await user.type(screen.getByLabelText('비밀번호'), 'Demo1234!');
    await user.click(screen.getByRole('button', { name: '계정 연결하고 로그인' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/hospital/home');
    expect(api.seen.filter((r) => r.path === apiPaths.kakao.link).at(-1)!.body).toEqual({
      ticket: 't1',
      loginId: 'demo',
      password: 'Demo1234!',
    });
    expect(session.snapshot()).toMatchObject({ accessToken: 'la', loginId: 'demo' });
  });

  it('a new account agrees to the terms, then goes to choose a hospital', async () => {
    const api = mockApi({
      [LOGIN]: () => ({
        body: ok({ status: 'NEEDS_ACCOUNT', area: 'homecare', ticket: 't2', nickname: null }),
      }),
      [`POST ${apiPaths.kakao.signUp}`]: (request) =>
        (request.body as { agreedTermsCodes: string[] }).agreedTermsCodes.length === 0
          ? { status: 400, body: fail(ResultCode.VALIDATION_FAILED, '입력값을 확인해 주세요.') }
          : { body: ok({ accessToken: 'na', refreshToken: 'nr' }) },
      [`GET ${apiPaths.patient.getPatient}`]: () => ({
        body: ok(patientProfile({ choseHospitalIdx: null })),
      }),
    });
    renderCallback('homecare');
    expect(await screen.findByText(/^카카오 계정으로 처음 오셨네요/)).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '동의하고 시작하기' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('입력값을 확인해 주세요.');
    await user.click(screen.getByRole('checkbox', { name: '필수 약관 전체 동의' }));
    await user.click(screen.getByRole('button', { name: '동의하고 시작하기' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/homecare/common/hospitalselect');
    expect(api.seen.filter((r) => r.path === apiPaths.kakao.signUp).at(-1)!.body).toEqual({
      ticket: 't2',
      agreedTermsCodes: ['SERVICE', 'PRIVACY', 'HEALTH_DATA'],
    });
  });

  it('a refused state says so, with the way back to the login', async () => {
    mockApi({
      [LOGIN]: () => ({ status: 400, body: fail(ResultCode.KAKAO_STATE_INVALID, 'state') }),
    });
    renderCallback('hospital');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '로그인 요청이 만료되었거나 올바르지 않습니다. 처음부터 다시 시도해 주세요.',
    );
    expect(screen.getByRole('link', { name: '로그인 화면으로' })).toHaveAttribute('href', '/hospital/login');
  });

  it('a cancel at Kakao, or no code at all, sends nothing to the server', async () => {
    const api = mockApi({});
    renderCallback('hospital', 'error=access_denied&state=s');
    expect(await screen.findByRole('alert')).toHaveTextContent('카카오 로그인을 취소했습니다.');
    renderCallback('homecare', '');
    expect(await screen.findByText(/카카오 로그인 정보가 올바르지 않습니다/)).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});

describe('the Kakao login button', () => {
  it('shows only when the server has Kakao configured, and starts at the server', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = mockApi({
      [`GET ${apiPaths.kakao.getConfig}`]: () => ({ body: ok({ enabled: true }) }),
      [`POST ${apiPaths.kakao.start}`]: () => ({
        body: ok({ authorizeUrl: 'https://kauth.example/authorize?state=x' }),
      }),
    });
    renderScreen(<KakaoLoginButton area="homecare" />);
    await userEvent.setup().click(await screen.findByRole('button', { name: '카카오 로그인' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('https://kauth.example/authorize?state=x'));
    expect(api.seen.find((r) => r.path === apiPaths.kakao.start)!.body).toEqual({ area: 'homecare' });
  });

  it('stays hidden when Kakao is not configured', async () => {
    const api = mockApi({ [`GET ${apiPaths.kakao.getConfig}`]: () => ({ body: ok({ enabled: false }) }) });
    renderScreen(<KakaoLoginButton area="hospital" />);
    await vi.waitFor(() => expect(api.calls(`GET ${apiPaths.kakao.getConfig}`)).toBe(1));
    expect(screen.queryByRole('button', { name: '카카오 로그인' })).not.toBeInTheDocument();
  });
});
