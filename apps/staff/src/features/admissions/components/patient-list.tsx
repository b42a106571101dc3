import { useState, type ReactNode } from 'react';
import {
  App,
  Button,
  Checkbox,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdmissionPatient } from '@smartcare/contract/admission';
import { EmptyState, ErrorState, LoadingState } from '../../../components/ui/query-state';
import { errorMessage } from '../../../lib/error-message';
import { useAdmitPatient, useDischargePatient, useMoveBed } from '../api/change-admission';
import { useAdmissionPatients } from '../api/get-admission-patients';

/** Ward and bed: at most 20 characters each (the contract's limit). */
const PLACE_MAX = 20;
const NAME_MAX = 50;

interface PlaceForm {
  patientName?: string;
  ward: string;
  bed: string;
  identityConfirmed?: boolean;
}

type Editing = { kind: 'admit' | 'move'; patient: AdmissionPatient } | null;

/**
 * `/patients`: the hospital's patients with search (name or patient number) and admit / move
 * bed / discharge (issue 10). Nurse calls go to the bed registered here.
 */
export function PatientList({
  rowActions,
}: {
  /** More actions on each row, from other features (issue 12: the test notification). */
  rowActions?: (patient: AdmissionPatient) => ReactNode;
} = {}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [keyword, setKeyword] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  // The dialog keeps its title while it animates closed: a dialog without a name fails
  // screen readers (and axe) for those few hundred milliseconds.
  const [lastEditing, setLastEditing] = useState<Editing>(null);
  const shown = editing ?? lastEditing;
  const [form] = Form.useForm<PlaceForm>();
  const patients = useAdmissionPatients(keyword);
  const admit = useAdmitPatient();
  const move = useMoveBed();
  const discharge = useDischargePatient();

  const failed = (error: unknown) =>
    void message.error(`${t('admissions.actionFailed')} ${errorMessage(error, t)}`);

  const open = (kind: 'admit' | 'move', patient: AdmissionPatient) => {
    form.setFieldsValue(
      kind === 'admit'
        ? { patientName: patient.name, ward: '', bed: '', identityConfirmed: false }
        : { ward: patient.admission?.ward ?? '', bed: patient.admission?.bed ?? '' },
    );
    setEditing({ kind, patient });
    setLastEditing({ kind, patient });
  };

  const save = async () => {
    if (!editing) return;
    const values = await form.validateFields();
    const done = () => {
      setEditing(null);
      void message.success(t(editing.kind === 'admit' ? 'admissions.admitted' : 'admissions.moved'));
    };
    if (editing.kind === 'admit') {
      admit.mutate(
        {
          patientIdx: editing.patient.patientIdx,
          patientName: values.patientName?.trim() || undefined,
          ward: values.ward.trim(),
          bed: values.bed.trim(),
          identityConfirmed: values.identityConfirmed === true,
        },
        { onSuccess: done, onError: failed },
      );
    } else if (editing.patient.admission) {
      move.mutate(
        { admissionIdx: editing.patient.admission.idx, ward: values.ward.trim(), bed: values.bed.trim() },
        { onSuccess: done, onError: failed },
      );
    }
  };

  const placeRules = [
    { required: true, whitespace: true, message: t('admissions.form.required') },
    { max: PLACE_MAX, message: t('admissions.form.tooLong', { max: PLACE_MAX }) },
  ];

  const columns: TableColumnsType<AdmissionPatient> = [
    { title: t('admissions.columns.number'), key: 'number', dataIndex: 'patientIdx', width: 110 },
    { title: t('admissions.columns.name'), key: 'name', dataIndex: 'name' },
    {
      title: t('admissions.columns.person'),
      key: 'person',
      render: (_, p) =>
        [p.birthDate, p.sex ? t(`callDetails.sex.${p.sex}`) : null].filter(Boolean).join(' · ') ||
        t('callDetails.noTime'),
    },
    {
      title: t('admissions.columns.area'),
      key: 'area',
      render: (_, p) => p.areas.map((area) => t(`admissions.areas.${area}`)).join(', '),
    },
    {
      title: t('admissions.columns.admission'),
      key: 'admission',
      render: (_, p) =>
        p.admission ? (
          <Space direction="vertical" size={0}>
            <strong>{`${p.admission.ward} ${p.admission.bed}`}</strong>
            <span className="call-note">
              {t('admissions.admittedSince', {
                date: new Intl.DateTimeFormat(i18n.language === 'kr-KO' ? 'ko-KR' : i18n.language, {
                  dateStyle: 'medium',
                }).format(new Date(p.admission.admittedAt)),
              })}
            </span>
            {p.admission.identityConfirmedAt ? (
              <Tag color="#237804" variant="solid">
                {t('admissions.confirmed')}
              </Tag>
            ) : (
              <Tag color="#8a6100" variant="solid">
                {t('admissions.unconfirmed')}
              </Tag>
            )}
          </Space>
        ) : (
          <Typography.Text type="secondary">{t('admissions.notAdmitted')}</Typography.Text>
        ),
    },
    {
      title: t('admissions.columns.actions'),
      key: 'actions',
      width: 220,
      render: (_, p) => (
        <Space wrap>
          {p.admission ? (
            <Space>
              <Button
                aria-label={t('admissions.moveLabel', { name: p.name })}
                onClick={() => open('move', p)}
              >
                {t('admissions.moveBed')}
              </Button>
              <Popconfirm
                title={t('admissions.dischargeConfirm', { name: p.name })}
                okText={t('admissions.discharge')}
                cancelText={t('admissions.cancel')}
                onConfirm={() =>
                  discharge.mutate(
                    { admissionIdx: p.admission!.idx },
                    { onSuccess: () => void message.success(t('admissions.discharged')), onError: failed },
                  )
                }
              >
                <Button danger aria-label={t('admissions.dischargeLabel', { name: p.name })}>
                  {t('admissions.discharge')}
                </Button>
              </Popconfirm>
            </Space>
          ) : (
            <Button
              type="primary"
              aria-label={t('admissions.admitLabel', { name: p.name })}
              onClick={() => open('admit', p)}
            >
              {t('admissions.admit')}
            </Button>
          )}
          {rowActions?.(p)}
        </Space>
      ),
    },
  ];

  return (
    <section className="board" aria-labelledby="patients-title">
      <div className="board-head">
        <div>
          <Typography.Title level={2} id="patients-title" className="panel-title">
            {t('admissions.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('admissions.subtitle')}</Typography.Text>
        </div>
        <Input.Search
          className="patients-search"
          maxLength={50}
          placeholder={t('admissions.search')}
          aria-label={t('admissions.search')}
          enterButton={t('admissions.searchButton')}
          onSearch={(value) => setKeyword(value.trim())}
        />
      </div>
      {patients.isPending ? (
        <LoadingState />
      ) : patients.isError ? (
        <ErrorState error={patients.error} onRetry={() => void patients.refetch()} />
      ) : (
        <Table<AdmissionPatient>
          rowKey="patientIdx"
          columns={columns}
          dataSource={patients.data}
          loading={patients.isFetching}
          pagination={false}
          locale={{ emptyText: <EmptyState text={t('admissions.empty')} /> }}
        />
      )}
      <Modal
        open={editing !== null}
        title={
          shown &&
          t(shown.kind === 'admit' ? 'admissions.admitTitle' : 'admissions.moveTitle', {
            name: shown.patient.name,
          })
        }
        okText={t('admissions.save')}
        cancelText={t('admissions.cancel')}
        confirmLoading={admit.isPending || move.isPending}
        onOk={() => void save().catch(() => undefined)}
        onCancel={() => setEditing(null)}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical" requiredMark>
          {editing?.kind === 'admit' && (
            <Form.Item
              name="patientName"
              label={t('admissions.form.patientName')}
              rules={[{ max: NAME_MAX, message: t('admissions.form.tooLong', { max: NAME_MAX }) }]}
            >
              <Input maxLength={NAME_MAX} />
            </Form.Item>
          )}
          <Form.Item name="ward" label={t('admissions.form.ward')} rules={placeRules}>
            <Input maxLength={PLACE_MAX} />
          </Form.Item>
          <Form.Item name="bed" label={t('admissions.form.bed')} rules={placeRules}>
            <Input maxLength={PLACE_MAX} />
          </Form.Item>
          {editing?.kind === 'admit' && (
            <Form.Item name="identityConfirmed" valuePropName="checked">
              <Checkbox>{t('admissions.form.identityConfirmed')}</Checkbox>
            </Form.Item>
          )}
        </Form>
      </Modal>
    </section>
  );
}
