import '../../lib/antd-mobile';
import { LOGIN_ID_PATTERN, PASSWORD_PATTERN } from '@smartcare/contract/account-rules';
import type { TermsCode } from '@smartcare/contract/terms';
import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ChoiceGroup } from '../../components/ui/choice-group';
import { Page } from '../../components/ui/page';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { applyFieldErrors, LOGIN_ID_LENGTH, PASSWORD_LENGTH, rules } from '../../lib/form-rules';
import { toast } from '../../lib/toast';
import { writeStorage, storageKeys } from '../../lib/storage-keys';
import { useSignUp } from './api/sign-up';

/** The terms checkboxes; the app layer hands in the terms feature's field. */
export type TermsFieldComponent = ComponentType<{
  value?: TermsCode[];
  onChange?: (codes: TermsCode[]) => void;
}>;

interface SignUpForm {
  loginId: string;
  name: string;
  email: string;
  password: string;
  passwordConfirm: string;
  area: 'HOSPITAL' | 'HOMECARE';
  agreedTermsCodes: TermsCode[];
}

/** /sign-up: the spec's fields and messages (§2 hinted content, §5), Korean first. */
export function SignUpScreen({ TermsField }: { TermsField: TermsFieldComponent }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [form] = Form.useForm<SignUpForm>();
  const signUp = useSignUp();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (values: SignUpForm) => {
    setFailure(null);
    signUp.mutate(
      {
        loginId: values.loginId.trim(),
        name: values.name.trim(),
        email: values.email.trim(),
        password: values.password,
        passwordConfirm: values.passwordConfirm,
        area: values.area,
        agreedTermsCodes: values.agreedTermsCodes ?? [],
      },
      {
        onSuccess: (account) => {
          toast.success(t('validation.submitSuccess'));
          // The new id is waiting in the login form.
          writeStorage(storageKeys.rememberedLoginId, account?.loginId ?? values.loginId.trim());
          navigate(values.area === 'HOMECARE' ? paths.homecare.login.href() : paths.hospital.login.href(), {
            replace: true,
          });
        },
        onError: (error) => {
          if (!applyFieldErrors(form, error)) setFailure(errorMessage(error));
        },
      },
    );
  };

  return (
    <Page title={t('signUp.title')} back={paths.hospital.login.href()}>
      <Form
        form={form}
        layout="vertical"
        requiredMarkStyle="none"
        initialValues={{ area: 'HOSPITAL', agreedTermsCodes: [] }}
        onFinish={submit}
        footer={
          <Button block type="submit" color="primary" size="large" loading={signUp.isPending}>
            {t('signUp.submit')}
          </Button>
        }
      >
        <Form.Item
          name="loginId"
          label={t('signUp.username')}
          description={t('signUp.usernameHelp')}
          validateFirst
          rules={[
            rules.required(t('signUp.username')),
            rules.lengthWithin(LOGIN_ID_LENGTH, t('signUp.lengthRange', LOGIN_ID_LENGTH)),
            rules.pattern(LOGIN_ID_PATTERN, 'loginIdRule'),
          ]}
        >
          <Input autoComplete="username" clearable />
        </Form.Item>
        <Form.Item name="name" label={t('signUp.name')} rules={[rules.required(t('signUp.name'))]}>
          <Input autoComplete="name" clearable />
        </Form.Item>
        <Form.Item
          name="email"
          label={t('signUp.email')}
          validateFirst
          rules={[rules.required(t('signUp.email')), rules.email()]}
        >
          <Input type="email" autoComplete="email" inputMode="email" clearable />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('signUp.password')}
          description={t('signUp.passwordHelp')}
          validateFirst
          rules={[
            rules.required(t('signUp.password')),
            rules.lengthWithin(PASSWORD_LENGTH, t('signUp.lengthRange', PASSWORD_LENGTH)),
            rules.pattern(PASSWORD_PATTERN, 'passwordRule'),
          ]}
        >
          <Input type="password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="passwordConfirm"
          label={t('signUp.confirmPassword')}
          dependencies={['password']}
          validateFirst
          rules={[rules.required(t('signUp.confirmPassword')), rules.matches(form, 'password')]}
        >
          <Input type="password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="area"
          label={t('signUp.area')}
          rules={[{ required: true, message: t('validation.empty') }]}
        >
          <ChoiceGroup
            columns={1}
            label={t('signUp.area')}
            options={[
              { label: t('app.titleHospital'), value: 'HOSPITAL' as const },
              { label: t('app.titleHomecare'), value: 'HOMECARE' as const },
            ]}
          />
        </Form.Item>
        <Form.Item name="agreedTermsCodes" label={t('signUp.terms')}>
          <TermsField />
        </Form.Item>
        {failure && (
          <p className="form-failure" role="alert">
            {failure}
          </p>
        )}
      </Form>
      <p className="link-row">
        <Link to={paths.account.signIn.href()}>{t('signUp.haveAccount')}</Link>
      </p>
    </Page>
  );
}
