import '../../lib/antd-mobile';
import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import TextArea from 'antd-mobile/es/components/text-area';
import type { PatientProfile } from '@smartcare/contract/patient';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { applyFieldErrors, rules, validationText } from '../../lib/form-rules';
import { toast } from '../../lib/toast';
import { usePatient } from './api/get-patient';
import { useUpdateMyData } from './api/update-my-data';

/** /settings: the name and description the patient shows (spec §2 hinted content). */
export function AccountSettingsScreen() {
  const { t } = useTranslation();
  const patient = usePatient();
  return (
    <Page title={t('accountSettings.title')} back={paths.account.detail.href()}>
      {!patient.data && patient.isPending && <LoadingView />}
      {!patient.data && patient.isError && (
        <ErrorView message={errorMessage(patient.error)} onRetry={() => void patient.refetch()} />
      )}
      {patient.data && <NameForm profile={patient.data} />}
    </Page>
  );
}

function NameForm({ profile }: { profile: PatientProfile }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ name: string; description: string }>();
  const update = useUpdateMyData();
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Form
      form={form}
      layout="vertical"
      requiredMarkStyle="none"
      initialValues={{ name: profile.name, description: profile.description }}
      onFinish={(values) => {
        setFailure(null);
        update.mutate(
          { name: values.name.trim(), description: (values.description ?? '').trim() },
          {
            onSuccess: () => toast.success(t('patientUx.saved')),
            onError: (error) => {
              if (!applyFieldErrors(form, error)) setFailure(errorMessage(error));
            },
          },
        );
      }}
      footer={
        <Button block type="submit" color="primary" size="large" loading={update.isPending}>
          {t('common.save')}
        </Button>
      }
    >
      <Form.Item
        name="name"
        label={t('accountSettings.name')}
        rules={[rules.required(t('accountSettings.name')), { max: 50, message: validationText('invalid') }]}
      >
        <Input autoComplete="name" clearable />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('accountSettings.description')}
        description={t('accountSettings.descriptionHelp')}
      >
        <TextArea rows={3} maxLength={200} showCount />
      </Form.Item>
      {failure && (
        <p className="form-failure" role="alert">
          {failure}
        </p>
      )}
    </Form>
  );
}
