import Button from 'antd-mobile/es/components/button';
import Checkbox from 'antd-mobile/es/components/checkbox';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Page } from '../../components/ui/page';
import { areaConfig, type Area } from '../../config/area';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { rules } from '../../lib/form-rules';
import { readStorage, storageKeys, writeStorage } from '../../lib/storage-keys';
import { useLogin } from './api/login';

interface LoginForm {
  loginId: string;
  password: string;
  remember: boolean;
}

/**
 * Login for both areas and the account area's /sign-in (one screen, spec §2). A refusal is
 * shown as the server words it (spec §5), translated by its result code.
 */
export function LoginScreen({ area, variant = 'area' }: { area: Area; variant?: 'area' | 'account' }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<LoginForm>();
  const login = useLogin();
  const [failure, setFailure] = useState<string | null>(null);
  const remembered = readStorage(storageKeys.rememberedLoginId);
  const config = areaConfig[area];

  const submit = (values: LoginForm) => {
    setFailure(null);
    const loginId = values.loginId.trim();
    login.mutate(
      { loginId, password: values.password },
      {
        onSuccess: () => {
          writeStorage(storageKeys.rememberedLoginId, values.remember ? loginId : null);
          navigate(variant === 'account' ? paths.account.detail.href() : config.home, { replace: true });
        },
        onError: (error) => setFailure(errorMessage(error)),
      },
    );
  };

  const title = variant === 'account' ? t('login.signInTitle') : t('login.title', { area: t(config.titleKey) });
  return (
    <Page title={title}>
      <div className="login-hero">
        <p className="login-app-name">{t('app.name')}</p>
        <p className="login-area">{t(config.titleKey)}</p>
      </div>
      <Form
        form={form}
        layout="vertical"
        requiredMarkStyle="none"
        initialValues={{ loginId: remembered ?? '', password: '', remember: remembered !== null }}
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" loading={login.isPending}>
            {t('login.submit')}
          </Button>
        }
      >
        <Form.Item name="loginId" label={t('login.loginId')} rules={[rules.required(t('login.loginId'))]}>
          <Input autoComplete="username" placeholder={t('login.loginIdPlaceholder')} clearable />
        </Form.Item>
        <Form.Item name="password" label={t('login.password')} rules={[rules.required(t('login.password'))]}>
          <Input type="password" autoComplete="current-password" placeholder={t('login.passwordPlaceholder')} />
        </Form.Item>
        <Form.Item name="remember" valuePropName="checked">
          <Checkbox>{t('login.remember')}</Checkbox>
        </Form.Item>
        {failure && (
          <p className="form-failure" role="alert">
            {failure}
          </p>
        )}
      </Form>
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
