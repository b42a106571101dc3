import {
  GLUCOSE_TIMINGS,
  mgdlToMmol,
  SLEEP_QUALITIES,
  TEMPERATURE_SITES,
  type VitalSign,
} from '@smartcare/contract/vital-signs';
import { ResultCode } from '@smartcare/contract/result-codes';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ChoiceGroup } from '../../components/ui/choice-group';
import { Page } from '../../components/ui/page';
import { TextField } from '../../components/ui/text-field';
import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-error';
import { currentLocale } from '../../lib/i18n';
import { useRecordVitalSign } from './api/record-vital-sign';
import { DateTimeField } from './date-time-field';
import { ReadingJudgement } from './reading-judgement';
import {
  buildInput,
  emptyDraft,
  formFieldOf,
  parseNumber,
  toLocalInput,
  type FieldErrors,
  type RegisterDraft,
  type RegisterKind,
} from './vital-sign-form';
import './vital-signs.css';

/**
 * `/homecare/mystatus/{temp,bloodpressure,bloodglucose,heartrate,sleep}/regist` (issue 13):
 * the patient types one reading, measured now or earlier (never later), and reads its class in
 * words with the guideline it comes from; an urgent value says plainly what to do.
 */
export function VitalSignRegisterScreen({ kind }: { kind: RegisterKind }) {
  // The five routes render this one component: React would keep one kind's draft and answer
  // when the patient moves to another kind's screen, so each kind gets its own instance.
  return <RegisterForm key={kind} kind={kind} />;
}

function RegisterForm({ kind }: { kind: RegisterKind }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const record = useRecordVitalSign();
  const [draft, setDraft] = useState<RegisterDraft>(() => emptyDraft(new Date()));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [saved, setSaved] = useState<VitalSign[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const title = t('vitalSigns.registerTitle', { kind: t(`vitalSigns.kind.${kind}`) });
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
      },
      new Date(),
    );
    if ('errors' in built) {
      setErrors(built.errors);
      return;
    }
    try {
      const result = await record.mutateAsync(built.input);
      setSaved(result.readings);
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

  const again = () => {
    setDraft(emptyDraft(new Date()));
    setSaved(null);
    record.reset();
  };

  if (saved) {
    const [reading, ...alsoStored] = saved;
    return (
      <Page title={title} back={paths.homecare.myStatusDashboard.href()}>
        <div className="vital-result">
          <p className="vital-result-saved" role="status">
            {t('vitalSigns.saved')}
          </p>
          {reading && <ReadingJudgement reading={reading} />}
          {alsoStored.map((other) => (
            <p key={other.idx} className="vital-note">
              {t('vitalSigns.pulseAlsoStored', { bpm: other.value })}
            </p>
          ))}
          <button type="button" className="btn btn-primary btn-block" onClick={again}>
            {t('vitalSigns.recordAgain')}
          </button>
          <Link className="btn btn-block" to={paths.homecare.myStatusDashboard.href()}>
            {t('vitalSigns.toDashboard')}
          </Link>
        </div>
      </Page>
    );
  }

  const numberField = (field: keyof RegisterDraft, decimal = false) => (
    <TextField
      label={t(`vitalSigns.field.${field}`)}
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
      label={t(`vitalSigns.field.${field}`)}
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
    <Page title={title} back={paths.homecare.myStatusDashboard.href()}>
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
        <button type="submit" className="btn btn-primary btn-block" disabled={record.isPending}>
          {record.isPending ? t('vitalSigns.saving') : t('vitalSigns.save')}
        </button>
      </form>
    </Page>
  );
}
