import { useState } from 'react';
import { App, Button, Input, InputNumber, Modal, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  BOOKABLE_APPOINTMENT_TYPES,
  type Appointment,
  type BookableAppointmentType,
  isBookableAppointmentType,
} from '@smartcare/contract/appointment';
import { ApiError } from '../../../lib/api-client';
import { errorMessage } from '../../../lib/error-message';
import { useCreateAppointment, useUpdateAppointment } from '../api/change-appointment';
import { useBookablePatients } from '../api/get-schedule';
import { fromSeoulInput, toSeoulInput } from './seoul-time';

interface Draft {
  patientIdx: number | null;
  department: string;
  doctor: string;
  startsAt: string;
  durationMin: number | null;
  /** Null when an older item's type (비대면 진료) is no longer booked here: staff choose again. */
  type: BookableAppointmentType | null;
  building: string;
  floor: string;
  room: string;
  preparation: string;
}
type Field = keyof Draft;

const draftOf = (item: Appointment | null): Draft => ({
  patientIdx: item?.patientIdx ?? null,
  department: item?.department ?? '',
  doctor: item?.doctor ?? '',
  startsAt: item ? toSeoulInput(item.startsAt) : '',
  durationMin: item?.durationMin ?? 30,
  type: !item ? 'OUTPATIENT' : isBookableAppointmentType(item.type) ? item.type : null,
  building: item?.building ?? '',
  floor: item?.floor ?? '',
  room: item?.room ?? '',
  preparation: item?.preparation ?? '',
});

/** Create (no `item`) or edit a hospital appointment; each field refused in Korean, nothing sent. */
export function AppointmentFormModal({
  open,
  item,
  onClose,
}: {
  open: boolean;
  item: Appointment | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [draft, setDraft] = useState<Draft>(() => draftOf(item));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [clientRequestId] = useState(() => crypto.randomUUID());
  const patients = useBookablePatients(open && !item);
  const create = useCreateAppointment();
  const update = useUpdateAppointment();
  const set = <F extends Field>(field: F, value: Draft[F]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };
  const label = (field: Field) => t(`appointments.fields.${field === 'patientIdx' ? 'patient' : field}`);

  const submit = () => {
    const startsAt = fromSeoulInput(draft.startsAt);
    const found: Partial<Record<Field, string>> = {};
    const required = (field: Field) => (found[field] = t('appointments.required', { field: label(field) }));
    if (!item && draft.patientIdx === null) required('patientIdx');
    if (!draft.department.trim()) required('department');
    if (!draft.doctor.trim()) required('doctor');
    if (draft.type === null) required('type');
    if (!startsAt) required('startsAt');
    if (draft.durationMin === null || draft.durationMin < 5 || draft.durationMin > 1440)
      found.durationMin = t('appointments.invalidDuration');
    setErrors(found);
    if (Object.values(found).some(Boolean) || !startsAt) return;
    const fields = {
      department: draft.department.trim(),
      doctor: draft.doctor.trim(),
      startsAt,
      durationMin: draft.durationMin!,
      type: draft.type!,
      building: draft.building.trim(),
      floor: draft.floor.trim(),
      room: draft.room.trim(),
      preparation: draft.preparation.trim(),
    };
    const done = {
      onSuccess: () => {
        void message.success(t('appointments.saved'));
        onClose();
      },
      onError: (e: unknown) => {
        // The server's per-field refusals (already in the console's language) go under their fields.
        const onFields: Partial<Record<Field, string>> = {};
        for (const { field, message: text } of e instanceof ApiError ? e.fieldErrors() : []) {
          const name = field.split('.')[0] as Field;
          if (name in draft) onFields[name] ??= text;
        }
        if (Object.keys(onFields).length > 0) setErrors(onFields);
        else void message.error(`${t('appointments.actionFailed')} ${errorMessage(e, t)}`);
      },
    };
    if (item) update.mutate({ idx: item.idx, ...fields }, done);
    else create.mutate({ patientIdx: draft.patientIdx!, ...fields, clientRequestId }, done);
  };

  const field = (name: Field, control: React.ReactNode, hint?: React.ReactNode) => (
    <div className="appt-field">
      <label htmlFor={`appt-${name}`} className="appt-label">
        {label(name)}
      </label>
      {control}
      {hint}
      {errors[name] && (
        <Typography.Text type="danger" id={`appt-${name}-error`}>
          {errors[name]}
        </Typography.Text>
      )}
    </div>
  );
  const invalid = (name: Field) =>
    errors[name]
      ? { status: 'error' as const, 'aria-invalid': true, 'aria-describedby': `appt-${name}-error` }
      : {};

  return (
    <Modal
      open={open}
      title={t(item ? 'appointments.formEdit' : 'appointments.formCreate')}
      onCancel={onClose}
      footer={
        <Space wrap>
          <Button onClick={onClose}>{t('appointments.close')}</Button>
          <Button type="primary" loading={create.isPending || update.isPending} onClick={submit}>
            {t('appointments.save')}
          </Button>
        </Space>
      }
      width={640}
    >
      <div className="appt-form">
        {item ? (
          <p className="appt-patient">{item.patientName}</p>
        ) : (
          field(
            'patientIdx',
            <Select<number>
              id="appt-patientIdx"
              showSearch
              optionFilterProp="label"
              value={draft.patientIdx ?? undefined}
              loading={patients.isPending}
              notFoundContent={t('appointments.noPatients')}
              onChange={(value) => set('patientIdx', value)}
              options={(patients.data ?? []).map((p) => ({ value: p.idx, label: p.name }))}
              {...invalid('patientIdx')}
            />,
          )
        )}
        {field(
          'department',
          <Input
            id="appt-department"
            maxLength={40}
            value={draft.department}
            onChange={(e) => set('department', e.target.value)}
            {...invalid('department')}
          />,
        )}
        {field(
          'doctor',
          <Input
            id="appt-doctor"
            maxLength={40}
            value={draft.doctor}
            onChange={(e) => set('doctor', e.target.value)}
            {...invalid('doctor')}
          />,
        )}
        {field(
          'startsAt',
          <Input
            id="appt-startsAt"
            type="datetime-local"
            value={draft.startsAt}
            onChange={(e) => set('startsAt', e.target.value)}
            {...invalid('startsAt')}
          />,
        )}
        {field(
          'durationMin',
          <InputNumber<number>
            id="appt-durationMin"
            min={5}
            max={1440}
            step={5}
            value={draft.durationMin}
            onChange={(value) => set('durationMin', value)}
            {...invalid('durationMin')}
          />,
        )}
        {field(
          'type',
          <Select<BookableAppointmentType>
            id="appt-type"
            value={draft.type}
            onChange={(value) => set('type', value)}
            {...invalid('type')}
            options={BOOKABLE_APPOINTMENT_TYPES.map((type) => ({
              value: type,
              label: t(`appointments.types.${type}`),
            }))}
            aria-describedby={errors.type ? 'appt-type-error appt-type-hint' : 'appt-type-hint'}
          />,
          <Typography.Text type="secondary" id="appt-type-hint">
            {t('appointments.telemedicineElsewhere')}
          </Typography.Text>,
        )}
        {field(
          'building',
          <Input
            id="appt-building"
            maxLength={40}
            value={draft.building}
            onChange={(e) => set('building', e.target.value)}
            {...invalid('building')}
          />,
        )}
        {field(
          'floor',
          <Input
            id="appt-floor"
            maxLength={20}
            value={draft.floor}
            onChange={(e) => set('floor', e.target.value)}
            {...invalid('floor')}
          />,
        )}
        {field(
          'room',
          <Input
            id="appt-room"
            maxLength={40}
            value={draft.room}
            onChange={(e) => set('room', e.target.value)}
            {...invalid('room')}
          />,
        )}
        {field(
          'preparation',
          <Input.TextArea
            id="appt-preparation"
            maxLength={1000}
            autoSize={{ minRows: 2, maxRows: 6 }}
            value={draft.preparation}
            onChange={(e) => set('preparation', e.target.value)}
            {...invalid('preparation')}
          />,
        )}
      </div>
    </Modal>
  );
}
