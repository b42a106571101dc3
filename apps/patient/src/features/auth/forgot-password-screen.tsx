import '../../lib/antd-mobile';
import { PASSWORD_PATTERN, VERIFICATION_CODE_LENGTH } from '@smartcare/contract/account-rules';
import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { applyFieldErrors, rules } from '../../lib/form-rules';
import { storageKeys, writeStorage } from '../../lib/storage-keys';
import { toast } from '../../lib/toast';
import { useRequestPasswordReset } from './api/request-password-reset';
import { useResetPassword } from './api/reset-password';

interface RequestForm {
  loginId: string;
  email: string;
}
interface ResetForm {
  verificationCode: string;
  newPassword: string;
  newPasswordConfirm: string;
}

/** /forgot-password: ask for a code by e-mail, then the code and a new password. */
export function ForgotPasswordScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [requestForm] = Form.useForm<RequestForm>();
  const [resetForm] = Form.useForm<ResetForm>();
  const requestReset = useRequestPasswordReset();
  const reset = useResetPassword();
  const [loginId, setLoginId] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const ask = (values: RequestForm) => {
    setFailure(null);
    const id = values.loginId.trim();
    requestReset.mutate(
      { loginId: id, email: values.email.trim() },
      {
        onSuccess: () => {
          setLoginId(id);
          toast.info(t('forgotPassword.codeSent'));
        },
        onError: (error) => {
          if (!applyFieldErrors(requestForm, error)) setFailure(errorMessage(error));
        },
      },
    );
  };

  const change = (values: ResetForm) => {
    if (!loginId) return;
    setFailure(null);
    reset.mutate(
      { loginId, ...values },
      {
        onSuccess: () => {
          toast.success(t('forgotPassword.changed'));
          writeStorage(storageKeys.rememberedLoginId, loginId);
          navigate(paths.account.signIn.href(), { replace: true });
        },
        onError: (error) => {
          if (!applyFieldErrors(resetForm, error)) setFailure(errorMessage(error));
        },
      },
    );
  };

  return (
    <Page title={t('forgotPassword.title')} back={true}>
      <p className="form-intro">
        {loginId === null ? t('forgotPassword.intro') : t('forgotPassword.codeIntro', { loginId })}
      </p>
      {loginId === null ? (
        <Form
          key="request"
          form={requestForm}
          layout="vertical"
          requiredMarkStyle="none"
          onFinish={ask}
          footer={
            <Button block type="submit" color="primary" size="large" loading={requestReset.isPending}>
              {t('forgotPassword.sendCode')}
            </Button>
          }
        >
          <Form.Item name="loginId" label={t('login.loginId')} rules={[rules.required(t('login.loginId'))]}>
            <Input autoComplete="username" clearable />
          </Form.Item>
          <Form.Item
            name="email"
            label={t('signUp.email')}
            rules={[rules.required(t('signUp.email')), rules.email()]}
          >
            <Input type="email" autoComplete="email" inputMode="email" clearable />
          </Form.Item>
        </Form>
      ) : (
        <Form
          key="reset"
          form={resetForm}
          layout="vertical"
          requiredMarkStyle="none"
          onFinish={change}
          footer={
            <Button block type="submit" color="primary" size="large" loading={reset.isPending}>
              {t('forgotPassword.change')}
            </Button>
          }
        >
          <Form.Item
            name="verificationCode"
            label={t('forgotPassword.code')}
            rules={[rules.required(t('forgotPassword.code')), rules.length(VERIFICATION_CODE_LENGTH)]}
          >
            <Input inputMode="numeric" autoComplete="one-time-code" maxLength={VERIFICATION_CODE_LENGTH} />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label={t('forgotPassword.newPassword')}
            description={t('signUp.passwordHelp')}
            rules={[
              rules.required(t('forgotPassword.newPassword')),
              rules.pattern(PASSWORD_PATTERN, 'passwordRule'),
            ]}
          >
            <Input type="password" autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="newPasswordConfirm"
            label={t('signUp.confirmPassword')}
            dependencies={['newPassword']}
            rules={[rules.required(t('signUp.confirmPassword')), rules.matches(resetForm, 'newPassword')]}
          >
            <Input type="password" autoComplete="new-password" />
          </Form.Item>
          <Button fill="none" size="large" onClick={() => setLoginId(null)}>
            {t('forgotPassword.again')}
          </Button>
        </Form>
      )}
      {failure && (
        <p className="form-failure" role="alert">
          {failure}
        </p>
      )}
    </Page>
  );
}
