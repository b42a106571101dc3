import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { Page } from '../../components/ui/page';
import { CredentialFields, SubmitRow } from './credential-fields';
import { areaConfig, mayReturnTo, type Area } from '../../config/area';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { validationText } from '../../lib/form-rules';
import { readStorage, storageKeys, writeStorage } from '../../lib/storage-keys';
import { useLogin } from './api/login';
import { KakaoLoginButton } from './kakao-login-button';

/**
 * The guarded screen of this area that sent the patient here (LazyRoute's `from`, with its
 * query), if any. Only a path inside the area, or a screen both areas share (the rating
 * screen): history state is not to be trusted with other targets.
 */
function returnPath(state: unknown, area: Area): string | null {
  const from = (state as { from?: unknown } | null)?.from;
  return typeof from === 'string' && mayReturnTo(area, from) ? from : null;
}

/**
 * Login for both areas and the account area's /sign-in (one screen, spec §2). A refusal is
 * shown as the server words it (spec §5), translated by its result code. Plain form
 * elements: this is the first screen of a logged-out patient (budget: 2× a bare React app).
 */
export function LoginScreen({ area, variant = 'area' }: { area: Area; variant?: 'area' | 'account' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const login = useLogin();
  const remembered = readStorage(storageKeys.rememberedLoginId);
  const [loginId, setLoginId] = useState(remembered ?? '');
  const [password, setPassword] = useState('');
  const [remember, setRemember] = useState(remembered !== null);
  const [errors, setErrors] = useState<{ loginId?: string; password?: string }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const config = areaConfig[area];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const id = loginId.trim();
    const missing = {
      loginId: id ? undefined : validationText('required', { field: t('login.loginId') }),
      password: password ? undefined : validationText('required', { field: t('login.password') }),
    };
    setErrors(missing);
    if (missing.loginId || missing.password) return;
    login.mutate(
      { loginId: id, password },
      {
        onSuccess: () => {
          writeStorage(storageKeys.rememberedLoginId, remember ? id : null);
          const back = returnPath(location.state, area);
          navigate(variant === 'account' ? paths.account.detail.href() : (back ?? config.home), {
            replace: true,
          });
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  const title =
    variant === 'account' ? t('login.signInTitle') : t('login.title', { area: t(config.titleKey) });
  return (
    <Page title={title}>
      <div className="login-hero">
        <p className="login-app-name">{t('app.name')}</p>
        <p className="login-area">{t(config.titleKey)}</p>
      </div>
      <form className="plain-form" onSubmit={submit} noValidate>
        <CredentialFields
          loginId={loginId}
          password={password}
          errors={errors}
          onLoginId={setLoginId}
          onPassword={setPassword}
        />
        <label className="check-row">
          <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} />
          <span>{t('login.remember')}</span>
        </label>
        <SubmitRow failure={failure} pending={login.isPending}>
          {t('login.submit')}
        </SubmitRow>
      </form>
      <KakaoLoginButton area={area} />
      <nav className="link-row" aria-label={t('login.moreActions')}>
        <Link to={paths.account.signUp.href()}>{t('login.signUp')}</Link>
        <Link to={paths.account.forgotPassword.href()}>{t('login.forgotPassword')}</Link>
      </nav>
      {variant === 'area' && (
        <p className="link-row">
          <Link to={area === 'hospital' ? areaConfig.homecare.login : areaConfig.hospital.login}>
            {area === 'hospital' ? t('login.toHomecare') : t('login.toHospital')}
          </Link>
        </p>
      )}
    </Page>
  );
}
