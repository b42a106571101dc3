import {
  EXERCISE_ACTIVITIES,
  GLUCOSE_TIMINGS,
  mgdlToMmol,
  SLEEP_QUALITIES,
  TEMPERATURE_SITES,
  type VitalSignInput,
} from '@smartcare/contract/vital-signs';
import { ResultCode } from '@smartcare/contract/result-codes';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '../../components/ui/choice-group';
import { TextField } from '../../components/ui/text-field';
import { ApiError, errorMessage } from '../../lib/api-error';
import { currentLocale } from '../../lib/i18n';
import { DateTimeField } from './date-time-field';
import {
  buildInput,
  emptyDraft,
  formFieldOf,
  parseNumber,
  toLocalInput,
  type FieldErrors,
  type FormKind,
  type RegisterDraft,
} from './vital-sign-form';
import './vital-signs.css';

/**
 * The fields of one reading with their checks, shared by the register screens, a detail
 * screen's "add" (SpO2, exercise) and its "edit": the same labels, units, bounds and messages
 * wherever a reading is typed. `onSave` throws the server's refusal, shown next to its field.
 */
export function ReadingForm({
  kind,
  initial,
  onSave,
  pending,
  submitLabel,
  onCancel,
}: {
  kind: FormKind;
  initial?: RegisterDraft;
  onSave: (input: VitalSignInput) => Promise<void>;
  pending: boolean;
  submitLabel?: string;
  onCancel?: () => void;
}) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const [draft, setDraft] = useState<RegisterDraft>(() => initial ?? emptyDraft(new Date()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const maxTime = toLocalInput(new Date());

  const set = <K extends keyof RegisterDraft>(field: K, value: RegisterDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const built = buildInput(
      kind,
      draft,
      locale,
      {
        required: t('vitalSigns.required'),
        invalidNumber: t('vitalSigns.invalidNumber'),
        chooseTiming: t('vitalSigns.chooseTiming'),
        chooseActivity: t('vitalSignDetail.chooseActivity'),
      },
      new Date(),
    );
    if ('errors' in built) {
      setErrors(built.errors);
      return;
    }
    try {
      await onSave(built.input);
      setErrors({});
    } catch (error) {
      if (error instanceof ApiError && error.code === ResultCode.VITAL_SIGN_IMPOSSIBLE) {
        const fromServer: FieldErrors = {};
        for (const { field, message } of error.fieldErrors())
          fromServer[formFieldOf(kind, field, draft)] = message;
        setErrors(fromServer);
      } else setFailure(errorMessage(error));
    }
  };

  const numberField = (field: keyof RegisterDraft, decimal = false) => (
    <TextField
      label={t(
        field === 'percent' || field === 'exerciseMin' || field === 'kcal'
          ? `vitalSignDetail.field.${field}`
          : `vitalSigns.field.${field}`,
      )}
      name={field}
      value={String(draft[field] ?? '')}
      onChange={(e) => set(field, e.target.value as never)}
      inputMode={decimal ? 'decimal' : 'numeric'}
      autoComplete="off"
      error={errors[field]}
    />
  );
  const timeField = (field: 'effectiveAt' | 'bedAt' | 'wakeAt') => (
    <DateTimeField
      label={
        kind === 'EXERCISE' && field === 'effectiveAt'
          ? t('vitalSignDetail.field.startedAt')
          : t(`vitalSigns.field.${field}`)
      }
      value={draft[field]}
      max={maxTime}
      onChange={(value) => set(field, value)}
      error={errors[field]}
    />
  );
  const choiceError = (field: string) =>
    errors[field] ? (
      <p className="text-field-error" role="alert">
        {errors[field]}
      </p>
    ) : null;

  const mgdl = parseNumber(draft.mgdl);
  // Choices stack one per row (columns={1}): two columns spill their words at 200 % text.

  return (
    <form className="vital-form" onSubmit={submit} noValidate>
      {kind === 'TEMPERATURE' && (
        <>
          {numberField('temperatureC', true)}
          <fieldset className="vital-fieldset">
            <legend>{t('vitalSigns.field.site')}</legend>
            <ChoiceGroup
              columns={1}
              label={t('vitalSigns.field.site')}
              options={TEMPERATURE_SITES.map((value) => ({ value, label: t(`vitalSigns.site.${value}`) }))}
              value={draft.site}
              onChange={(value) => set('site', value)}
            />
          </fieldset>
        </>
      )}
      {kind === 'BLOOD_PRESSURE' && (
        <>
          {numberField('systolic')}
          {numberField('diastolic')}
          {numberField('pulse')}
        </>
      )}
      {kind === 'HEART_RATE' && numberField('bpm')}
      {kind === 'SPO2' && numberField('percent')}
      {kind === 'EXERCISE' && (
        <>
          <fieldset className="vital-fieldset">
            <legend>{t('vitalSignDetail.field.activity')}</legend>
            <ChoiceGroup
              columns={1}
              label={t('vitalSignDetail.field.activity')}
              options={EXERCISE_ACTIVITIES.map((value) => ({
                value,
                label: t(`vitalSignDetail.activity.${value}`),
              }))}
              value={draft.activity}
              onChange={(value) => set('activity', value)}
            />
            {choiceError('activity')}
          </fieldset>
          {numberField('exerciseMin')}
          {numberField('kcal')}
        </>
      )}
      {kind === 'BLOOD_GLUCOSE' && (
        <>
          {numberField('mgdl')}
          <p className="vital-note" aria-live="polite">
            {mgdl !== null && mgdl > 0
              ? t('vitalSigns.mmol', { value: mgdlToMmol(mgdl) })
              : t('vitalSigns.mmolHint')}
          </p>
          <fieldset className="vital-fieldset">
            <legend>{t('vitalSigns.field.timing')}</legend>
            <ChoiceGroup
              columns={1}
              label={t('vitalSigns.field.timing')}
              options={GLUCOSE_TIMINGS.map((value) => ({ value, label: t(`vitalSigns.timing.${value}`) }))}
              value={draft.timing}
              onChange={(value) => set('timing', value)}
            />
            {choiceError('timing')}
          </fieldset>
        </>
      )}
      {kind === 'SLEEP' && (
        <>
          <fieldset className="vital-fieldset">
            <legend>{t('vitalSigns.field.sleepMode')}</legend>
            <ChoiceGroup
              columns={1}
              label={t('vitalSigns.field.sleepMode')}
              options={(['times', 'duration'] as const).map((value) => ({
                value,
                label: t(`vitalSigns.sleepMode.${value}`),
              }))}
              value={draft.sleepMode}
              onChange={(value) => set('sleepMode', value)}
            />
          </fieldset>
          {draft.sleepMode === 'times' ? timeField('bedAt') : numberField('sleepHours', true)}
          {timeField('wakeAt')}
          <fieldset className="vital-fieldset">
            <legend>{t('vitalSigns.field.quality')}</legend>
            <ChoiceGroup
              columns={1}
              label={t('vitalSigns.field.quality')}
              options={SLEEP_QUALITIES.map((value) => ({ value, label: t(`vitalSigns.quality.${value}`) }))}
              value={draft.quality}
              onChange={(value) => set('quality', value)}
            />
          </fieldset>
        </>
      )}
      {kind !== 'SLEEP' && (
        <>
          {timeField('effectiveAt')}
          <p className="vital-note">{t('vitalSigns.backdateHint')}</p>
        </>
      )}
      {failure && (
        <p className="form-failure" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={pending}>
        {pending ? t('vitalSigns.saving') : (submitLabel ?? t('vitalSigns.save'))}
      </button>
      {onCancel && (
        <button type="button" className="btn btn-block" onClick={onCancel}>
          {t('vitalSignDetail.cancel')}
        </button>
      )}
    </form>
  );
}
