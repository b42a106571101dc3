import { useState } from 'react';
import { Alert, Card, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useSession } from '../../lib/session';
import { LoginForm } from '../../features/auth/components/login-form';
import { LanguageSelect } from '../language-select';
import { SESSION_END_KEY } from '../services';

const reasonMessages = {
  expired: 'login.sessionExpired',
  notLoggedIn: 'login.notLoggedIn',
  loggedOut: 'login.loggedOut',
} as const;

export function LoginRoute() {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  // Why the last session ended, told once (read on first render, then forgotten).
  const [reason] = useState(() => {
    const stored = sessionStorage.getItem(SESSION_END_KEY);
    sessionStorage.removeItem(SESSION_END_KEY);
    return stored && stored in reasonMessages ? (stored as keyof typeof reasonMessages) : null;
  });
  const from = (location.state as { from?: string } | null)?.from;

  if (session?.myData) return <Navigate to={from ?? paths.chat.href()} replace />;

  return (
    <main className="login-page">
      <Card className="login-card">
        <div className="login-brand" aria-hidden>
          {t('app.brand')}
        </div>
        <Typography.Title level={1} className="login-title">
          {t('login.title')}
        </Typography.Title>
        <Typography.Paragraph type="secondary">{t('login.subtitle')}</Typography.Paragraph>
        {reason && <Alert className="login-reason" type="info" showIcon title={t(reasonMessages[reason])} />}
        <LoginForm onLoggedIn={() => void navigate(from ?? paths.chat.href(), { replace: true })} />
      </Card>
      {/* After the form in reading order; placed top-right by CSS. */}
      <div className="login-lang">
        <LanguageSelect />
      </div>
    </main>
  );
}
