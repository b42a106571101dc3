import type { Appointment } from '@smartcare/contract/appointment';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/ui/text-field';
import { errorMessage, fieldErrorsOf } from '../../lib/api-error';
import { toast } from '../../lib/toast';
import { fromSeoulInput, toSeoulInput } from './appointment-format';
import { useAddPersonal, useUpdatePersonal } from './api/personal-items';

type Field = 'title' | 'when' | 'place' | 'memo';
/** The server's field names → the form's. */
const FIELD_OF: Record<string, Field> = { title: 'title', startsAt: 'when', place: 'place', memo: 'memo' };

/** Add or edit a personal item (the patient's own, e.g. a pharmacy visit). */
export function PersonalItemForm({
  item,
  onDone,
}: {
  item?: Appointment;
  onDone: (saved: Appointment) => void;
}) {
  const { t } = useTranslation();
  const add = useAddPersonal();
  const update = useUpdatePersonal();
  const [clientRequestId] = useState(() => crypto.randomUUID());
  const [title, setTitle] = useState(item?.title ?? '');
  const [when, setWhen] = useState(item ? toSeoulInput(item.startsAt) : '');
  const [place, setPlace] = useState(item?.building ?? '');
  const [memo, setMemo] = useState(item?.preparation ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const pending = add.isPending || update.isPending;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const startsAt = fromSeoulInput(when);
    const found = {
      title: title.trim() ? undefined : t('appointmentScreens.titleRequired'),
      when: startsAt ? undefined : t('appointmentScreens.whenRequired'),
    };
    setErrors(found);
    if (found.title || found.when || !startsAt) return;
    const fields = { title: title.trim(), startsAt, place: place.trim(), memo: memo.trim() };
    const done = {
      onSuccess: (saved: Appointment) => {
        toast.success(t('appointmentScreens.saved'));
        onDone(saved);
      },
      onError: (error: unknown) => {
        const onFields = fieldErrorsOf(error, FIELD_OF);
        if (onFields) setErrors(onFields);
        else toast.error(errorMessage(error));
      },
    };
    if (item) update.mutate({ idx: item.idx, ...fields }, done);
    else add.mutate({ ...fields, clientRequestId }, done);
  };

  return (
    <form className="appt-form" onSubmit={submit} noValidate>
      <TextField
        label={t('appointmentScreens.ownName')}
        value={title}
        maxLength={60}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
      />
      <TextField
        type="datetime-local"
        label={t('appointmentScreens.ownWhen')}
        value={when}
        onChange={(e) => setWhen(e.target.value)}
        error={errors.when}
      />
      <TextField
        label={t('appointmentScreens.ownPlace')}
        value={place}
        maxLength={100}
        onChange={(e) => setPlace(e.target.value)}
        error={errors.place}
      />
      <TextField
        label={t('appointmentScreens.ownMemo')}
        value={memo}
        maxLength={300}
        onChange={(e) => setMemo(e.target.value)}
        error={errors.memo}
      />
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {t('appointmentScreens.save')}
      </button>
    </form>
  );
}
