import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/ui/text-field';

interface CredentialFieldsProps {
  loginId: string;
  password: string;
  errors: { loginId?: string; password?: string };
  onLoginId(value: string): void;
  onPassword(value: string): void;
}

/** The login ID and password pair, as the login screen and Kakao's "link my account" ask for it. */
export function CredentialFields({
  loginId,
  password,
  errors,
  onLoginId,
  onPassword,
}: CredentialFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        label={t('login.loginId')}
        name="loginId"
        autoComplete="username"
        autoCapitalize="none"
        placeholder={t('login.loginIdPlaceholder')}
        value={loginId}
        error={errors.loginId}
        onChange={(e) => onLoginId(e.target.value)}
      />
      <TextField
        label={t('login.password')}
        name="password"
        type="password"
        autoComplete="current-password"
        placeholder={t('login.passwordPlaceholder')}
        value={password}
        error={errors.password}
        onChange={(e) => onPassword(e.target.value)}
      />
    </>
  );
}

interface SubmitRowProps {
  /** The server's refusal, read out at once. */
  failure: string | null;
  /** This form's call is in flight: the spinner shows and the button is busy. */
  pending: boolean;
  /** Another call of the same screen is in flight: the button waits too. */
  disabled?: boolean;
  variant?: 'primary' | 'outline';
  children: ReactNode;
}

/** A form's refusal line and its full-width submit button with a spinner while it waits. */
export function SubmitRow({ failure, pending, disabled, variant = 'primary', children }: SubmitRowProps) {
  return (
    <>
      {failure && (
        <p className="form-failure" role="alert">
          {failure}
        </p>
      )}
      <button
        type="submit"
        className={`btn btn-${variant} btn-block`}
        disabled={pending || disabled}
        aria-busy={pending}
      >
        {pending && <span className="spinner spinner-small" aria-hidden="true" />}
        {children}
      </button>
    </>
  );
}
