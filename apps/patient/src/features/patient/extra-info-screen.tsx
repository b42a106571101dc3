import '../../lib/antd-mobile';
import type { BodyInfo, UpdateBodyInfoBody } from '@smartcare/contract/patient';
import Button from 'antd-mobile/es/components/button';
import Form from 'antd-mobile/es/components/form';
import Input from 'antd-mobile/es/components/input';
import TextArea from 'antd-mobile/es/components/text-area';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../components/ui/page';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { areaConfig, type Area } from '../../config/area';
import { errorMessage } from '../../lib/api-error';
import { applyFieldErrors, rules, validationText } from '../../lib/form-rules';
import { toast } from '../../lib/toast';
import { useMyData } from './api/get-my-data';
import { useUpdateBodyInfo } from './api/update-body-info';

const BLOOD_TYPES = ['A+', 'A-', 'B+', 'B-', 'O+', 'O-', 'AB+', 'AB-'] as const;

interface BodyInfoForm {
  heightCm: string;
  weightKg: string;
  bloodType: string;
  allergies: string;
  chronicConditions: string;
  medications: string;
  emergencyContactName: string;
  emergencyContactPhone: string;
}

/** Extra / body information (/hospital/setting/extrainfo, /homecare/bodyinfo/extrainfo). */
export function ExtraInfoScreen({
  area,
  WeightHistory,
}: {
  area: Area;
  /** issue 13: each saved weight with its BMI and class (vital signs; composed in app/routes). */
  WeightHistory?: ComponentType<{ heightCm: number | null; weightKg: number | null }>;
}) {
  const { t } = useTranslation();
  const myData = useMyData();
  const config = areaConfig[area];
  return (
    <Page title={t('extraInfo.title')} back={area === 'hospital' ? config.settingHome : config.home}>
      {myData.isPending && <LoadingView />}
      {myData.isError && (
        <ErrorView message={errorMessage(myData.error)} onRetry={() => void myData.refetch()} />
      )}
      {myData.data && (
        <>
          <p className="form-intro">{t('extraInfo.intro')}</p>
          <BodyInfoEditor bodyInfo={myData.data.bodyInfo} />
          {WeightHistory && (
            <WeightHistory
              heightCm={myData.data.bodyInfo.heightCm}
              weightKg={myData.data.bodyInfo.weightKg}
            />
          )}
        </>
      )}
    </Page>
  );
}

function toNumber(text: string): number | null {
  const trimmed = text.trim().replace(',', '.');
  return trimmed === '' ? null : Number(trimmed);
}

function numberIn(min: number, max: number, message: string) {
  return {
    validator: async (_rule: unknown, value: unknown) => {
      if (typeof value !== 'string' || value.trim() === '') return;
      const n = toNumber(value);
      if (n === null || Number.isNaN(n) || n < min || n > max) throw new Error(message);
    },
  };
}

function BodyInfoEditor({ bodyInfo }: { bodyInfo: BodyInfo }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<BodyInfoForm>();
  const update = useUpdateBodyInfo();
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (values: BodyInfoForm) => {
    setFailure(null);
    const body: UpdateBodyInfoBody = {
      heightCm: toNumber(values.heightCm),
      weightKg: toNumber(values.weightKg),
      bloodType: (values.bloodType || null) as BodyInfo['bloodType'],
      allergies: values.allergies.trim(),
      chronicConditions: values.chronicConditions.trim(),
      medications: values.medications.trim(),
      emergencyContactName: values.emergencyContactName.trim(),
      emergencyContactPhone: values.emergencyContactPhone.trim(),
    };
    update.mutate(body, {
      onSuccess: () => toast.success(t('patientUx.saved')),
      onError: (error) => {
        if (!applyFieldErrors(form, error)) setFailure(errorMessage(error));
      },
    });
  };

  return (
    <Form
      form={form}
      layout="vertical"
      requiredMarkStyle="none"
      initialValues={{
        heightCm: bodyInfo.heightCm?.toString() ?? '',
        weightKg: bodyInfo.weightKg?.toString() ?? '',
        bloodType: bodyInfo.bloodType ?? '',
        allergies: bodyInfo.allergies,
        chronicConditions: bodyInfo.chronicConditions,
        medications: bodyInfo.medications,
        emergencyContactName: bodyInfo.emergencyContactName,
        emergencyContactPhone: bodyInfo.emergencyContactPhone,
      }}
      onFinish={submit}
      footer={
        <Button block type="submit" color="primary" size="large" loading={update.isPending}>
          {t('common.save')}
        </Button>
      }
    >
      <Form.Item
        name="heightCm"
        label={t('extraInfo.height')}
        rules={[numberIn(50, 250, t('extraInfo.heightRange'))]}
      >
        <Input inputMode="decimal" placeholder="170" />
      </Form.Item>
      <Form.Item
        name="weightKg"
        label={t('extraInfo.weight')}
        rules={[numberIn(2, 300, t('extraInfo.weightRange'))]}
      >
        <Input inputMode="decimal" placeholder="65" />
      </Form.Item>
      <Form.Item name="bloodType" label={t('extraInfo.bloodType')}>
        <select className="native-select">
          <option value="">{t('extraInfo.bloodTypeUnknown')}</option>
          {BLOOD_TYPES.map((type) => (
            <option key={type} value={type}>
              {type}
            </option>
          ))}
        </select>
      </Form.Item>
      <Form.Item name="allergies" label={t('extraInfo.allergies')}>
        <TextArea rows={2} maxLength={500} placeholder={t('extraInfo.none')} />
      </Form.Item>
      <Form.Item name="chronicConditions" label={t('extraInfo.chronicConditions')}>
        <TextArea rows={2} maxLength={500} placeholder={t('extraInfo.none')} />
      </Form.Item>
      <Form.Item name="medications" label={t('extraInfo.medications')}>
        <TextArea rows={2} maxLength={500} placeholder={t('extraInfo.none')} />
      </Form.Item>
      <Form.Item
        name="emergencyContactName"
        label={t('extraInfo.emergencyContactName')}
        rules={[{ max: 50, message: validationText('invalid') }]}
      >
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item
        name="emergencyContactPhone"
        label={t('extraInfo.emergencyContactPhone')}
        rules={[rules.pattern(/^[0-9-]{9,20}$/, 'invalid')]}
      >
        <Input type="tel" inputMode="tel" placeholder="010-1234-5678" />
      </Form.Item>
      {failure && (
        <p className="form-failure" role="alert">
          {failure}
        </p>
      )}
    </Form>
  );
}
