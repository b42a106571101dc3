import './kakao-login.css';
import type { TermsCode } from '@smartcare/contract/terms';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Page } from '../../components/ui/page';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { CredentialFields, SubmitRow } from './credential-fields';
import { areaConfig, type Area } from '../../config/area';
import { errorMessage } from '../../lib/api-error';
import { validationText } from '../../lib/form-rules';
import { useKakaoExchange, useKakaoLink, useKakaoSignUp } from './api/kakao';
import type { TermsFieldComponent } from './sign-up-screen';

/**
 * `/{area}/loginreceive/kakao` (spec §2, issue 12): Kakao sent the browser back here with
 * `code` and `state` (through the server's redirect). The server checks the state and
 * exchanges the code; a linked account lands on its home, an unknown one chooses between
 * linking an existing account and starting a new one.
 */
export function KakaoCallbackScreen({ area, TermsField }: { area: Area; TermsField: TermsFieldComponent }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const refused = params.get('error');
  const exchange = useKakaoExchange(code && state && !refused ? { code, state } : null);
  const login = areaConfig[area].login;

  const backToLogin = (
    <Link className="btn btn-outline btn-block" to={login} replace>
      {t('kakaoLogin.backToLogin')}
    </Link>
  );

  if (refused || !code || !state) {
    return (
      <Page title={t('kakaoLogin.title')} back={login}>
        <div className="kakao-callback">
          <ErrorView
            message={t(refused === 'access_denied' ? 'kakaoLogin.cancelled' : 'kakaoLogin.invalid')}
          />
          {backToLogin}
        </div>
      </Page>
    );
  }
  if (exchange.isError) {
    return (
      <Page title={t('kakaoLogin.title')} back={login}>
        <div className="kakao-callback">
          <ErrorView message={errorMessage(exchange.error)} />
          {backToLogin}
        </div>
      </Page>
    );
  }
  if (!exchange.data) {
    return (
      <Page title={t('kakaoLogin.title')}>
        <LoadingView label={t('kakaoLogin.checking')} />
      </Page>
    );
  }
  if (exchange.data.status === 'LOGGED_IN')
    return <Navigate to={areaConfig[exchange.data.area].home} replace />;
  return (
    <NewKakaoAccount
      area={exchange.data.area}
      ticket={exchange.data.ticket}
      nickname={exchange.data.nickname}
      TermsField={TermsField}
    />
  );
}

/** A Kakao account no patient holds yet: link an existing account, or start a new one. */
function NewKakaoAccount({
  area,
  ticket,
  nickname,
  TermsField,
}: {
  area: Area;
  ticket: string;
  nickname: string | null;
  TermsField: TermsFieldComponent;
}) {
  const { t } = useTranslation();
  const config = areaConfig[area];
  const link = useKakaoLink();
  const signUp = useKakaoSignUp();
  const [loginId, setLoginId] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ loginId?: string; password?: string }>({});
  const [linkFailure, setLinkFailure] = useState<string | null>(null);
  const [agreed, setAgreed] = useState<TermsCode[]>([]);
  const [signUpFailure, setSignUpFailure] = useState<string | null>(null);

  if (link.isSuccess) return <Navigate to={config.home} replace />;
  // A new patient chooses a hospital next (spec §5: needed before chat); then the home.
  if (signUp.isSuccess) return <Navigate to={config.common.hospitalSelect.href()} replace />;

  const submitLink = (event: FormEvent) => {
    event.preventDefault();
    setLinkFailure(null);
    const id = loginId.trim();
    const missing = {
      loginId: id ? undefined : validationText('required', { field: t('login.loginId') }),
      password: password ? undefined : validationText('required', { field: t('login.password') }),
    };
    setErrors(missing);
    if (missing.loginId || missing.password) return;
    link.mutate(
      { ticket, loginId: id, password },
      { onError: (error) => setLinkFailure(errorMessage(error)) },
    );
  };

  const submitSignUp = (event: FormEvent) => {
    event.preventDefault();
    setSignUpFailure(null);
    signUp.mutate(
      { ticket, agreedTermsCodes: agreed },
      { onError: (error) => setSignUpFailure(errorMessage(error)) },
    );
  };

  const busy = link.isPending || signUp.isPending;
  return (
    <Page title={t('kakaoLogin.title')} back={config.login}>
      <div className="kakao-callback">
        <p className="kakao-callback-intro">
          {nickname ? t('kakaoLogin.welcomeNamed', { name: nickname }) : t('kakaoLogin.welcome')}
        </p>

        <section className="kakao-choice" aria-labelledby="kakao-link-title">
          <h2 id="kakao-link-title">{t('kakaoLogin.linkTitle')}</h2>
          <p>{t('kakaoLogin.linkBody')}</p>
          <form className="plain-form" onSubmit={submitLink} noValidate>
            <CredentialFields
              loginId={loginId}
              password={password}
              errors={errors}
              onLoginId={setLoginId}
              onPassword={setPassword}
            />
            <SubmitRow failure={linkFailure} pending={link.isPending} disabled={busy}>
              {t('kakaoLogin.linkSubmit')}
            </SubmitRow>
          </form>
        </section>

        <section className="kakao-choice" aria-labelledby="kakao-new-title">
          <h2 id="kakao-new-title">{t('kakaoLogin.newTitle')}</h2>
          <p>{t('kakaoLogin.newBody')}</p>
          <form className="plain-form" onSubmit={submitSignUp} noValidate>
            <TermsField value={agreed} onChange={setAgreed} />
            <SubmitRow failure={signUpFailure} pending={signUp.isPending} disabled={busy} variant="outline">
              {t('kakaoLogin.newSubmit')}
            </SubmitRow>
          </form>
        </section>
      </div>
    </Page>
  );
}
