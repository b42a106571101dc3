import { Alert, Button, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StaffProfile } from '@smartcare/contract/staff';
import { errorMessage } from '../../../lib/error-message';
import { useLogin, type LoginInput } from '../api/login';

export function LoginForm({ onLoggedIn }: { onLoggedIn: (profile: StaffProfile) => void }) {
  const { t } = useTranslation();
  const login = useLogin();
  const [form] = Form.useForm<LoginInput>();

  return (
    <Form<LoginInput>
      form={form}
      layout="vertical"
      requiredMark={false}
      initialValues={{ loginId: '', password: '', keepSignedIn: false }}
      onFinish={(values) => login.mutate(values, { onSuccess: onLoggedIn })}
    >
      {login.isError && (
        <Form.Item>
          <Alert type="error" showIcon role="alert" title={errorMessage(login.error, t)} />
        </Form.Item>
      )}
      <Form.Item
        label={t('login.loginId')}
        name="loginId"
        rules={[{ required: true, whitespace: true, message: t('login.loginIdRequired') }]}
      >
        <Input autoComplete="username" autoFocus size="large" />
      </Form.Item>
      <Form.Item
        label={t('login.password')}
        name="password"
        rules={[{ required: true, message: t('login.passwordRequired') }]}
      >
        <Input.Password autoComplete="current-password" size="large" />
      </Form.Item>
      <Form.Item name="keepSignedIn" valuePropName="checked" extra={t('login.keepSignedInHelp')}>
        <Checkbox>{t('login.keepSignedIn')}</Checkbox>
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={login.isPending}>
        {t('login.submit')}
      </Button>
    </Form>
  );
}
