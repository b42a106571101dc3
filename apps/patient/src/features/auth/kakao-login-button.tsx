import './kakao-login.css';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Area } from '../../config/area';
import { errorMessage } from '../../lib/api-error';
import { startKakaoLogin, useKakaoEnabled } from './api/kakao-start';

/** Kakao's speech-bubble symbol, drawn in the label's colour. */
function KakaoSymbol() {
  return (
    <svg viewBox="0 0 20 20" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M10 2C5.03 2 1 5.13 1 8.99c0 2.5 1.68 4.7 4.2 5.93l-.86 3.15c-.08.28.24.5.48.34l3.76-2.49c.47.05.94.08 1.42.08 4.97 0 9-3.13 9-7s-4.03-7-9-7Z"
      />
    </svg>
  );
}

/**
 * "카카오 로그인" under the password form, shown only when the server has Kakao configured
 * (issue 12). The press goes to the server first, which binds a single-use state to this
 * browser and answers with Kakao's address.
 */
export function KakaoLoginButton({ area }: { area: Area }) {
  const { t } = useTranslation();
  const enabled = useKakaoEnabled();
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!enabled) return null;

  const start = () => {
    setFailure(null);
    setPending(true);
    startKakaoLogin(area).catch((error: unknown) => {
      setPending(false);
      setFailure(errorMessage(error));
    });
  };

  return (
    <>
      <p className="kakao-or">{t('kakaoButton.or')}</p>
      <button
        type="button"
        className="btn btn-kakao btn-block"
        onClick={start}
        disabled={pending}
        aria-busy={pending}
      >
        {pending ? <span className="spinner spinner-small" aria-hidden="true" /> : <KakaoSymbol />}
        {t('kakaoButton.label')}
      </button>
      {failure && (
        <p className="form-failure" role="alert">
          {failure}
        </p>
      )}
    </>
  );
}
