import { useState } from 'react';
import {
  App,
  AutoComplete,
  Button,
  Card,
  Checkbox,
  Form,
  Input,
  InputNumber,
  Modal,
  Popconfirm,
  Select,
  Space,
  Statistic,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import {
  MEAL_RELATIONS,
  MEDICINE_FORMS,
  type Dose,
  type MealRelation,
  type Medication,
  type MedicationInput,
  type MedicineForm,
} from '@smartcare/contract/medication';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useSaveMedication, useStopMedication } from '../api/change-medication';
import { usePatientMedications } from '../api/get-patient-medications';
import { useMedicineSearch } from '../api/search-medicine';

interface PrescriptionForm {
  name: string;
  strength?: string;
  form: MedicineForm;
  dosePerIntake: number;
  times: string;
  everyHours?: number | null;
  daysOfWeek?: number[];
  meal: MealRelation;
  startDate: string;
  endDate?: string;
  instructions?: string;
  stock?: number | null;
  refillThreshold?: number | null;
}

const TIMES = /^\s*([01]\d|2[0-3]):[0-5]\d(\s*,\s*([01]\d|2[0-3]):[0-5]\d)*\s*$/;
const kstToday = () => new Date(Date.now() + 9 * 3_600_000).toISOString().slice(0, 10);
const kstDateTime = (iso: string, language: string) =>
  new Intl.DateTimeFormat(language, {
    timeZone: 'Asia/Seoul',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  }).format(new Date(iso));

function toInput(values: PrescriptionForm, medicineCode: string | null): MedicationInput {
  return {
    name: values.name.trim(),
    medicineCode,
    strength: values.strength?.trim() ?? '',
    form: values.form,
    dosePerIntake: values.dosePerIntake,
    times: values.times.split(',').map((s) => s.trim()),
    everyHours: values.everyHours ?? null,
    daysOfWeek: values.daysOfWeek ?? [],
    meal: values.meal,
    startDate: values.startDate,
    endDate: values.endDate ? values.endDate : null,
    instructions: values.instructions?.trim() ?? '',
    stock: values.stock ?? null,
    refillThreshold: values.refillThreshold ?? null,
  };
}

/**
 * `/home-care/:patientIdx/medication` (issue 15): a home-care patient's medications and adherence
 * (last 7 and 30 days, missed doses listed); prescribe, change, stop. The patient's phone shows a
 * prescription on its next fetch, and they get a notification at once.
 */
export function PatientMedications({ patientIdx }: { patientIdx: number }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const data = usePatientMedications(patientIdx);
  const save = useSaveMedication(patientIdx);
  const stop = useStopMedication(patientIdx);
  const [editing, setEditing] = useState<{ medication: Medication | null } | null>(null);
  const [medicineCode, setMedicineCode] = useState<string | null>(null);
  const [nameQuery, setNameQuery] = useState('');
  const search = useMedicineSearch(nameQuery);
  const [form] = Form.useForm<PrescriptionForm>();

  const open = (medication: Medication | null) => {
    form.resetFields();
    form.setFieldsValue(
      medication
        ? {
            name: medication.name,
            strength: medication.strength,
            form: medication.form,
            dosePerIntake: medication.dosePerIntake,
            times: medication.times.join(', '),
            everyHours: medication.everyHours,
            daysOfWeek: medication.daysOfWeek,
            meal: medication.meal,
            startDate: medication.startDate,
            endDate: medication.endDate ?? '',
            instructions: medication.instructions,
            stock: medication.stock,
            refillThreshold: medication.refillThreshold,
          }
        : {
            form: 'TABLET',
            dosePerIntake: 1,
            times: '08:00, 20:00',
            meal: 'AFTER_MEAL',
            startDate: kstToday(),
          },
    );
    setMedicineCode(medication?.medicineCode ?? null);
    setEditing({ medication });
  };

  const submit = async () => {
    if (!editing) return;
    const values = await form.validateFields();
    try {
      await save.mutateAsync({
        ...(editing.medication ? { idx: editing.medication.idx } : {}),
        medication: toInput(values, medicineCode),
      });
      void message.success(t(editing.medication ? 'medication.changed' : 'medication.prescribed'));
      setEditing(null);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors() : [];
      if (fields.length > 0)
        form.setFields(
          fields.map((f) => ({
            name: f.field.replace(/^medication\./, '').split('.')[0] as keyof PrescriptionForm,
            errors: [f.message],
          })),
        );
      else void message.error(errorMessage(error, t));
    }
  };

  if (data.isPending) return <LoadingState />;
  if (data.isError) return <ErrorState error={data.error} onRetry={() => void data.refetch()} />;
  const { medications, rate7, rate30, missed } = data.data;
  const percent = (rate: number | null) =>
    rate === null ? t('medication.noRate') : `${Math.round(rate * 100)}%`;

  const schedule = (m: Medication) => {
    const days =
      m.daysOfWeek.length === 0
        ? t('medication.everyDay')
        : m.daysOfWeek.map((d) => t(`medication.weekday.${d}`)).join('·');
    const when = m.everyHours
      ? t('medication.everyHours', { hours: m.everyHours, from: m.times[0] })
      : `${days} ${m.times.join(', ')}`;
    return `${when} · ${t(`medication.meal.${m.meal}`)}`;
  };

  const columns: TableColumnsType<Medication> = [
    {
      title: t('medication.name'),
      key: 'name',
      render: (_, m) => (
        <Space direction="vertical" size={0}>
          <Typography.Text strong>
            {m.name} {m.strength}
          </Typography.Text>
          <Typography.Text type="secondary">
            {t(`medication.form.${m.form}`)} ·{' '}
            {t('medication.dose', { amount: m.dosePerIntake, unit: t(`medication.unit.${m.form}`) })}
          </Typography.Text>
        </Space>
      ),
    },
    { title: t('medication.schedule'), key: 'schedule', render: (_, m) => schedule(m) },
    {
      title: t('medication.stock'),
      key: 'stock',
      render: (_, m) =>
        m.dosesLeft === null ? (
          '—'
        ) : m.refillDue ? (
          <Tag color="orange">{t('medication.refillDue', { count: m.dosesLeft })}</Tag>
        ) : (
          t('medication.dosesLeft', { count: m.dosesLeft })
        ),
    },
    {
      title: t('medication.status'),
      key: 'status',
      render: (_, m) =>
        m.status === 'ACTIVE' ? (
          <Tag color="green">{t('medication.active')}</Tag>
        ) : (
          <Tag>{t('medication.stopped')}</Tag>
        ),
    },
    {
      title: t('medication.actions'),
      key: 'actions',
      render: (_, m) =>
        m.status === 'ACTIVE' ? (
          <Space wrap>
            <Button onClick={() => open(m)} aria-label={t('medication.changeLabel', { name: m.name })}>
              {t('medication.change')}
            </Button>
            <Popconfirm
              title={t('medication.stopConfirm', { name: m.name })}
              okText={t('medication.stop')}
              cancelText={t('medication.cancel')}
              onConfirm={() =>
                stop.mutateAsync(m.idx).then(
                  () => void message.success(t('medication.stoppedDone')),
                  (error: unknown) => void message.error(errorMessage(error, t)),
                )
              }
            >
              <Button danger aria-label={t('medication.stopLabel', { name: m.name })}>
                {t('medication.stop')}
              </Button>
            </Popconfirm>
          </Space>
        ) : null,
    },
  ];

  const missedColumns: TableColumnsType<Dose> = [
    {
      title: t('medication.scheduledAt'),
      key: 'at',
      render: (_, d) => kstDateTime(d.scheduledAt, i18n.language),
    },
    { title: t('medication.name'), key: 'name', render: (_, d) => `${d.medicationName} ${d.strength}` },
  ];

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }}>
      <Space wrap size="large">
        <Card>
          <Statistic title={t('medication.rate7')} value={percent(rate7)} />
        </Card>
        <Card>
          <Statistic title={t('medication.rate30')} value={percent(rate30)} />
        </Card>
        <Card>
          <Statistic title={t('medication.missed30')} value={missed.length} />
        </Card>
      </Space>
      <Space style={{ justifyContent: 'space-between', width: '100%' }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          {t('medication.medications')}
        </Typography.Title>
        <Button type="primary" onClick={() => open(null)}>
          {t('medication.prescribe')}
        </Button>
      </Space>
      {medications.length === 0 ? (
        <EmptyState text={t('medication.none')} />
      ) : (
        // Narrow screens scroll the table sideways instead of breaking names a letter a line.
        <Table
          rowKey="idx"
          columns={columns}
          dataSource={medications}
          pagination={false}
          scroll={{ x: 'max-content' }}
        />
      )}
      <Typography.Title level={3} style={{ margin: 0 }}>
        {t('medication.missedTitle')}
      </Typography.Title>
      {missed.length === 0 ? (
        <EmptyState text={t('medication.noMissed')} />
      ) : (
        <Table
          rowKey="idx"
          columns={missedColumns}
          dataSource={missed}
          pagination={{ pageSize: 10 }}
          scroll={{ x: 'max-content' }}
        />
      )}
      <Modal
        open={editing !== null}
        title={editing?.medication ? t('medication.changeTitle') : t('medication.prescribeTitle')}
        okText={t('medication.save')}
        cancelText={t('medication.cancel')}
        confirmLoading={save.isPending}
        onOk={() => void submit().catch(() => undefined)}
        onCancel={() => setEditing(null)}
        destroyOnHidden
      >
        <Form form={form} layout="vertical" requiredMark>
          <Form.Item
            name="name"
            label={t('medication.name')}
            rules={[{ required: true, whitespace: true, message: t('medication.required') }, { max: 100 }]}
          >
            <AutoComplete
              options={(search.data ?? []).slice(0, 10).map((m) => ({
                value: m.name,
                label: `${m.name} (${m.ingredient} ${m.strength})`,
              }))}
              onSearch={(q) => {
                setNameQuery(q);
                setMedicineCode(null);
              }}
              onSelect={(value: string) => {
                const chosen = search.data?.find((m) => m.name === value);
                if (chosen) {
                  setMedicineCode(chosen.code);
                  form.setFieldsValue({ strength: chosen.strength, form: chosen.form });
                }
              }}
              placeholder={t('medication.nameHint')}
            />
          </Form.Item>
          <Form.Item name="strength" label={t('medication.strength')} rules={[{ max: 40 }]}>
            <Input />
          </Form.Item>
          <Form.Item name="form" label={t('medication.formLabel')} rules={[{ required: true }]}>
            <Select options={MEDICINE_FORMS.map((f) => ({ value: f, label: t(`medication.form.${f}`) }))} />
          </Form.Item>
          <Form.Item
            name="dosePerIntake"
            label={t('medication.dosePerIntake')}
            rules={[
              { required: true, type: 'number', min: 0.01, max: 100, message: t('medication.positive') },
            ]}
          >
            <InputNumber min={0} max={100} step={0.5} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item
            name="times"
            label={t('medication.times')}
            extra={t('medication.timesHint')}
            rules={[{ required: true, pattern: TIMES, message: t('medication.timesInvalid') }]}
          >
            <Input />
          </Form.Item>
          <Form.Item
            name="everyHours"
            label={t('medication.everyHoursLabel')}
            extra={t('medication.everyHoursHint')}
          >
            <InputNumber min={1} max={24} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="daysOfWeek" label={t('medication.days')} extra={t('medication.daysHint')}>
            <Checkbox.Group
              options={[1, 2, 3, 4, 5, 6, 7].map((d) => ({ value: d, label: t(`medication.weekday.${d}`) }))}
            />
          </Form.Item>
          <Form.Item name="meal" label={t('medication.mealLabel')} rules={[{ required: true }]}>
            <Select options={MEAL_RELATIONS.map((m) => ({ value: m, label: t(`medication.meal.${m}`) }))} />
          </Form.Item>
          <Form.Item
            name="startDate"
            label={t('medication.startDate')}
            rules={[{ required: true, message: t('medication.required') }]}
          >
            <Input type="date" />
          </Form.Item>
          <Form.Item
            name="endDate"
            label={t('medication.endDate')}
            extra={t('medication.endDateHint')}
            dependencies={['startDate']}
            rules={[
              ({ getFieldValue }) => ({
                validator: (_, value: string | undefined) =>
                  !value || value >= (getFieldValue('startDate') as string)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('medication.endBeforeStart'))),
              }),
            ]}
          >
            <Input type="date" />
          </Form.Item>
          <Form.Item name="instructions" label={t('medication.instructions')} rules={[{ max: 500 }]}>
            <Input.TextArea rows={3} />
          </Form.Item>
          <Form.Item name="stock" label={t('medication.stockLabel')}>
            <InputNumber min={0} max={100000} style={{ width: '100%' }} />
          </Form.Item>
          <Form.Item name="refillThreshold" label={t('medication.refillThreshold')}>
            <InputNumber min={0} max={1000} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
    </Space>
  );
}
