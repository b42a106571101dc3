import { useState } from 'react';
import { App, Button, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { StaffProfile } from '@smartcare/contract/staff';
import { ResultCode } from '@smartcare/contract/result-codes';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useBook, useMove } from '../api/change-visit';
import { useBookablePatients } from '../api/get-bookable-patients';
import { useClinicians } from '../api/get-clinicians';
import type { Visit } from '../api/types';
import { fromSeoulInput, seoulDateTime, toSeoulInput } from './seoul-time';

interface Draft {
  patientIdx: number | null;
  staffIdx: number | null;
  /** null until typed or a clinician chosen: the clinician's own department shows. */
  department: string | null;
  scheduledAt: string;
  durationMin: number | null;
  reason: string;
  preparation: string;
}
type Field = keyof Draft;
type Errors = Partial<Record<Field, string>>;

const FIELD_KEY: Record<Field, string> = {
  patientIdx: 'patient',
  staffIdx: 'clinician',
  department: 'department',
  scheduledAt: 'scheduledAt',
  durationMin: 'durationMin',
  reason: 'reason',
  preparation: 'preparation',
};

const FIELD_OF_CODE: Partial<Record<number, Field>> = {
  [ResultCode.TELEMEDICINE_SLOT_TAKEN]: 'scheduledAt',
  [ResultCode.TELEMEDICINE_TIME_INVALID]: 'scheduledAt',
  [ResultCode.TELEMEDICINE_NOT_CLINICIAN]: 'staffIdx',
};

/** The next quarter hour from now, as a Seoul `datetime-local` value, on the chosen day. */
function defaultStart(date: string): string {
  const quarter = 15 * 60_000;
  const next = new Date(Math.ceil(Date.now() / quarter) * quarter).toISOString();
  const nextLocal = toSeoulInput(next);
  return nextLocal.slice(0, 10) === date ? nextLocal : `${date}T09:00`;
}

/**
 * Book a video visit (no `item`) or move one to another time. Each field is checked here and
 * refused in words beside it; nothing is sent until all are right.
 */
export function VisitFormModal({
  item,
  me,
  defaultDate,
  onClose,
}: {
  item: Visit | null;
  me: StaffProfile;
  defaultDate: string;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const clinicians = useClinicians();
  const patients = useBookablePatients(!item);
  const book = useBook();
  const move = useMove();
  const mine = clinicians.data?.find((c) => c.staffIdx === me.idx);
  const [draft, setDraft] = useState<Draft>(() => ({
    patientIdx: null,
    staffIdx: item?.clinician.staffIdx ?? null,
    department: item?.department ?? null,
    scheduledAt: item ? toSeoulInput(item.scheduledAt) : defaultStart(defaultDate),
    durationMin: item?.durationMin ?? 15,
    reason: item?.reason ?? '',
    preparation: item?.preparation ?? '',
  }));
  // A doctor or nurse books for themselves unless they choose someone else.
  const staffIdx = draft.staffIdx ?? mine?.staffIdx ?? null;
  const clinician = clinicians.data?.find((c) => c.staffIdx === staffIdx);
  const department = draft.department ?? clinician?.department ?? '';
  const [errors, setErrors] = useState<Errors>({});
  const set = <F extends Field>(field: F, value: Draft[F]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const label = (field: Field) => t(`telemedicine.fields.${FIELD_KEY[field]}`);

  const submit = () => {
    const scheduledAt = fromSeoulInput(draft.scheduledAt);
    const found: Errors = {};
    const required = (field: Field) => (found[field] = t('telemedicine.required', { field: label(field) }));
    // A visit may be booked to start now (it is over only once its time has run out); a move goes ahead.
    const ends = scheduledAt ? Date.parse(scheduledAt) + (item ? 0 : (draft.durationMin ?? 0) * 60_000) : 0;
    if (!scheduledAt) required('scheduledAt');
    else if (ends <= Date.now()) found.scheduledAt = t('telemedicine.pastTime');
    if (!item) {
      if (draft.patientIdx === null) required('patientIdx');
      if (staffIdx === null) required('staffIdx');
      if (!department.trim()) required('department');
      if (!draft.reason.trim()) required('reason');
      if (draft.durationMin === null || draft.durationMin < 5 || draft.durationMin > 120)
        found.durationMin = t('telemedicine.invalidDuration');
    }
    setErrors(found);
    if (Object.values(found).some(Boolean) || !scheduledAt) return;
    const done = {
      onSuccess: () => {
        void message.success(t(item ? 'telemedicine.moved' : 'telemedicine.booked'));
        onClose();
      },
      onError: (e: unknown) => {
        // The server's refusals that belong to one field are shown beside it.
        const field = e instanceof ApiError ? FIELD_OF_CODE[e.code] : undefined;
        if (field) setErrors((current) => ({ ...current, [field]: errorMessage(e, t) }));
        void message.error(`${t('telemedicine.actionFailed')} ${errorMessage(e, t)}`);
      },
    };
    if (item) move.mutate({ visitIdx: item.visitIdx, scheduledAt }, done);
    else
      book.mutate(
        {
          patientIdx: draft.patientIdx!,
          staffIdx: staffIdx!,
          department: department.trim(),
          scheduledAt,
          durationMin: draft.durationMin!,
          reason: draft.reason.trim(),
          ...(draft.preparation.trim() ? { preparation: draft.preparation.trim() } : {}),
        },
        done,
      );
  };

  const field = (name: Field, control: React.ReactNode) => (
    <div className="tm-field">
      <label htmlFor={`tm-form-${name}`} className="tm-label">
        {label(name)}
      </label>
      {control}
      {errors[name] && (
        <Typography.Text type="danger" id={`tm-form-${name}-error`}>
          {errors[name]}
        </Typography.Text>
      )}
    </div>
  );
  const invalid = (name: Field) =>
    errors[name]
      ? { status: 'error' as const, 'aria-invalid': true, 'aria-describedby': `tm-form-${name}-error` }
      : {};

  return (
    <Modal
      open
      title={t(item ? 'telemedicine.formMove' : 'telemedicine.formBook')}
      onCancel={onClose}
      footer={
        <Space wrap>
          <Button onClick={onClose}>{t('telemedicine.close')}</Button>
          <Button type="primary" loading={book.isPending || move.isPending} onClick={submit}>
            {t('telemedicine.save')}
          </Button>
        </Space>
      }
      width={640}
    >
      <div className="tm-form">
        {item ? (
          <p className="tm-form-patient">
            {item.patientName} · {item.department} · {item.clinician.name}
            <br />
            <Typography.Text type="secondary">
              {t('telemedicine.currentTime', { time: seoulDateTime(item.scheduledAt, i18n.language) })}
            </Typography.Text>
          </p>
        ) : (
          <>
            {field(
              'patientIdx',
              <Select<number>
                id="tm-form-patientIdx"
                showSearch
                optionFilterProp="label"
                value={draft.patientIdx ?? undefined}
                loading={patients.isPending}
                notFoundContent={t('telemedicine.noPatients')}
                onChange={(value) => set('patientIdx', value)}
                options={(patients.data ?? []).map((p) => ({ value: p.idx, label: p.name }))}
                {...invalid('patientIdx')}
              />,
            )}
            {field(
              'staffIdx',
              <Select<number>
                id="tm-form-staffIdx"
                value={staffIdx ?? undefined}
                loading={clinicians.isPending}
                onChange={(value) => {
                  set('staffIdx', value);
                  set('department', clinicians.data?.find((c) => c.staffIdx === value)?.department ?? null);
                }}
                options={(clinicians.data ?? []).map((c) => ({
                  value: c.staffIdx,
                  label: `${c.name} · ${t(`roles.${c.role}`)}${c.department ? ` · ${c.department}` : ''}`,
                }))}
                {...invalid('staffIdx')}
              />,
            )}
            {field(
              'department',
              <Input
                id="tm-form-department"
                maxLength={40}
                value={department}
                onChange={(e) => set('department', e.target.value)}
                {...invalid('department')}
              />,
            )}
          </>
        )}
        {field(
          'scheduledAt',
          <Input
            id="tm-form-scheduledAt"
            type="datetime-local"
            value={draft.scheduledAt}
            onChange={(e) => set('scheduledAt', e.target.value)}
            {...invalid('scheduledAt')}
          />,
        )}
        {!item && (
          <>
            {field(
              'durationMin',
              <InputNumber<number>
                id="tm-form-durationMin"
                min={5}
                max={120}
                step={5}
                value={draft.durationMin}
                onChange={(value) => set('durationMin', value)}
                {...invalid('durationMin')}
              />,
            )}
            {field(
              'reason',
              <Input.TextArea
                id="tm-form-reason"
                maxLength={500}
                autoSize={{ minRows: 2, maxRows: 5 }}
                value={draft.reason}
                onChange={(e) => set('reason', e.target.value)}
                {...invalid('reason')}
              />,
            )}
            {field(
              'preparation',
              <Input.TextArea
                id="tm-form-preparation"
                maxLength={1000}
                autoSize={{ minRows: 2, maxRows: 6 }}
                value={draft.preparation}
                onChange={(e) => set('preparation', e.target.value)}
              />,
            )}
          </>
        )}
      </div>
    </Modal>
  );
}
