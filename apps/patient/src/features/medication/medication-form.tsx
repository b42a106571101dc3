import {
  MEAL_RELATIONS,
  MEDICINE_FORMS,
  type MealRelation,
  type Medication,
  type MedicationInput,
  type MedicineForm,
} from '@smartcare/contract/medication';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup } from '../../components/ui/choice-group';
import { TextField } from '../../components/ui/text-field';
import { ApiError, errorMessage } from '../../lib/api-error';
import { useMedicineSearch } from './api/search-medicine';
import { useSaveMedication } from './api/save-medication';
import { kstDay } from './medication-text';

interface Draft {
  name: string;
  medicineCode: string | null;
  strength: string;
  form: MedicineForm;
  dosePerIntake: string;
  mode: 'times' | 'interval';
  times: string[];
  everyHours: string;
  daysOfWeek: number[];
  meal: MealRelation;
  startDate: string;
  endDate: string;
  continuing: boolean;
  instructions: string;
  stock: string;
  refillThreshold: string;
  prescribedBy: string;
}

type Errors = Partial<Record<keyof Draft | 'times', string>>;

function draftOf(m?: Medication): Draft {
  return {
    name: m?.name ?? '',
    medicineCode: m?.medicineCode ?? null,
    strength: m?.strength ?? '',
    form: m?.form ?? 'TABLET',
    dosePerIntake: m ? String(m.dosePerIntake) : '1',
    mode: m?.everyHours ? 'interval' : 'times',
    times: m?.times ?? ['08:00'],
    everyHours: m?.everyHours ? String(m.everyHours) : '8',
    daysOfWeek: m?.daysOfWeek ?? [],
    meal: m?.meal ?? 'AFTER_MEAL',
    startDate: m?.startDate ?? kstDay(),
    endDate: m?.endDate ?? '',
    continuing: m ? m.endDate === null : true,
    instructions: m?.instructions ?? '',
    stock: m?.stock === null || m?.stock === undefined ? '' : String(m.stock),
    refillThreshold:
      m?.refillThreshold === null || m?.refillThreshold === undefined ? '' : String(m.refillThreshold),
    prescribedBy: m?.prescribedBy ?? '',
  };
}

const num = (text: string) => (text.trim() === '' ? null : Number(text.replace(',', '.')));

/** Checks the draft and builds the body; each bad field gets its own message. */
export function buildMedicationInput(
  d: Draft,
  messages: Record<'required' | 'number' | 'time' | 'duplicateTime' | 'endBeforeStart', string>,
): { input: MedicationInput } | { errors: Errors } {
  const errors: Errors = {};
  if (d.name.trim() === '') errors.name = messages.required;
  const dose = num(d.dosePerIntake);
  if (dose === null || !Number.isFinite(dose) || dose <= 0 || dose > 100)
    errors.dosePerIntake = messages.number;
  const times = d.mode === 'interval' ? d.times.slice(0, 1) : d.times;
  if (times.length === 0 || times.some((time) => !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)))
    errors.times = messages.time;
  else if (new Set(times).size !== times.length) errors.times = messages.duplicateTime;
  const every = num(d.everyHours);
  if (d.mode === 'interval' && (every === null || !Number.isInteger(every) || every < 1 || every > 24))
    errors.everyHours = messages.number;
  if (!d.startDate) errors.startDate = messages.required;
  if (!d.continuing && !d.endDate) errors.endDate = messages.required;
  else if (!d.continuing && d.endDate < d.startDate) errors.endDate = messages.endBeforeStart;
  const stock = num(d.stock);
  if (stock !== null && (!Number.isFinite(stock) || stock < 0)) errors.stock = messages.number;
  const threshold = num(d.refillThreshold);
  if (threshold !== null && (!Number.isInteger(threshold) || threshold < 0))
    errors.refillThreshold = messages.number;
  if (Object.keys(errors).length > 0) return { errors };
  return {
    input: {
      name: d.name.trim(),
      medicineCode: d.medicineCode,
      strength: d.strength.trim(),
      form: d.form,
      dosePerIntake: dose!,
      times,
      everyHours: d.mode === 'interval' ? every : null,
      daysOfWeek: [...d.daysOfWeek].sort(),
      meal: d.meal,
      startDate: d.startDate,
      endDate: d.continuing ? null : d.endDate,
      instructions: d.instructions.trim(),
      stock,
      refillThreshold: threshold,
      prescribedBy: d.prescribedBy.trim(),
    },
  };
}

/** A server field path (`medication.times.0`, `name`) as the form's field. */
const fieldOf = (path: string): keyof Errors => {
  const [first] = path.replace(/^medication\./, '').split('.');
  return (first ?? 'name') as keyof Errors;
};

/** Add or edit a medicine: name from the seeded list (초성, part of a word) or free text, then its schedule. */
export function MedicationForm({
  medication,
  onDone,
  onCancel,
}: {
  medication?: Medication;
  onDone: (saved: Medication) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveMedication();
  const [draft, setDraft] = useState<Draft>(() => draftOf(medication));
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [searching, setSearching] = useState(!medication);
  const search = useMedicineSearch(searching ? draft.name : '');
  const ids = { form: useId(), instructions: useId(), days: useId() };

  const set = <K extends keyof Draft>(field: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const built = buildMedicationInput(draft, {
      required: t('medication.error.required'),
      number: t('medication.error.number'),
      time: t('medication.error.time'),
      duplicateTime: t('medication.error.duplicateTime'),
      endBeforeStart: t('medication.error.endBeforeStart'),
    });
    if ('errors' in built) {
      setErrors(built.errors);
      return;
    }
    try {
      const saved = await save.mutateAsync({
        ...(medication ? { idx: medication.idx } : {}),
        medication: built.input,
      });
      onDone(saved);
    } catch (error) {
      const fields = error instanceof ApiError ? error.fieldErrors() : [];
      if (fields.length > 0) {
        const fromServer: Errors = {};
        for (const { field, message } of fields) fromServer[fieldOf(field)] = message;
        setErrors(fromServer);
      } else setFailure(errorMessage(error));
    }
  };

  const suggestions = searching && draft.name.trim() !== '' ? (search.data ?? []) : [];

  return (
    <form
      className="med-form"
      onSubmit={submit}
      noValidate
      aria-label={medication ? t('medication.editTitle') : t('medication.addTitle')}
    >
      <div className="med-field">
        <TextField
          label={t('medication.field.name')}
          name="name"
          value={draft.name}
          placeholder={t('medication.field.nameHint')}
          autoComplete="off"
          onChange={(e) => {
            set('name', e.target.value);
            set('medicineCode', null);
            setSearching(true);
          }}
          error={errors.name}
        />
        {suggestions.length > 0 && (
          <div className="med-suggestions">
            <p className="med-note">{t('medication.suggestions')}</p>
            <ul>
              {suggestions.slice(0, 8).map((m) => (
                <li key={m.code}>
                  <button
                    type="button"
                    className="med-suggestion"
                    onClick={() => {
                      setDraft((d) => ({
                        ...d,
                        name: m.name,
                        medicineCode: m.code,
                        strength: m.strength,
                        form: m.form,
                      }));
                      setErrors((e) => ({ ...e, name: undefined }));
                      setSearching(false);
                    }}
                  >
                    <span className="med-suggestion-name">{m.name}</span>
                    <span className="med-note">
                      {m.ingredient} · {m.strength}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          </div>
        )}
        {searching && draft.name.trim() !== '' && search.isFetching && (
          <p className="med-note" role="status">
            {t('medication.searching')}
          </p>
        )}
        {searching && draft.name.trim() !== '' && search.isError && !search.isFetching && (
          <div className="med-search-failed" role="alert">
            <p className="text-field-error">{t('medication.searchFailed')}</p>
            <button type="button" className="btn" onClick={() => void search.refetch()}>
              {t('medication.searchRetry')}
            </button>
          </div>
        )}
        {searching &&
          draft.name.trim() !== '' &&
          search.isSuccess &&
          !search.isFetching &&
          suggestions.length === 0 && <p className="med-note">{t('medication.noSuggestion')}</p>}
      </div>
      <TextField
        label={t('medication.field.strength')}
        name="strength"
        value={draft.strength}
        onChange={(e) => set('strength', e.target.value)}
        error={errors.strength}
      />
      <div className="text-field">
        <label htmlFor={ids.form}>{t('medication.field.form')}</label>
        <select
          id={ids.form}
          className="med-select"
          value={draft.form}
          onChange={(e) => set('form', e.target.value as MedicineForm)}
        >
          {MEDICINE_FORMS.map((f) => (
            <option key={f} value={f}>
              {t(`medication.form.${f}`)}
            </option>
          ))}
        </select>
      </div>
      <TextField
        label={`${t('medication.field.dosePerIntake')} (${t(`medication.unit.${draft.form}`)})`}
        name="dosePerIntake"
        inputMode="decimal"
        value={draft.dosePerIntake}
        onChange={(e) => set('dosePerIntake', e.target.value)}
        error={errors.dosePerIntake}
      />
      <fieldset className="med-fieldset">
        <legend>{t('medication.field.mode')}</legend>
        <ChoiceGroup
          columns={1}
          label={t('medication.field.mode')}
          options={[
            { value: 'times', label: t('medication.field.modeTimes') },
            { value: 'interval', label: t('medication.field.modeInterval') },
          ]}
          value={draft.mode}
          onChange={(value) => set('mode', value as Draft['mode'])}
        />
      </fieldset>
      <fieldset className="med-fieldset">
        <legend>
          {draft.mode === 'interval' ? t('medication.field.firstTime') : t('medication.field.times')}
        </legend>
        {(draft.mode === 'interval' ? draft.times.slice(0, 1) : draft.times).map((time, i) => (
          <div key={i} className="med-time-row">
            <label className="med-time">
              <span>{t('medication.field.time', { n: i + 1 })}</span>
              <input
                type="time"
                value={time}
                aria-invalid={errors.times ? true : undefined}
                onChange={(e) =>
                  set(
                    'times',
                    draft.times.map((old, j) => (j === i ? e.target.value : old)),
                  )
                }
              />
            </label>
            {draft.mode === 'times' && draft.times.length > 1 && (
              <button
                type="button"
                className="btn med-remove"
                aria-label={t('medication.removeTime', { n: i + 1 })}
                onClick={() =>
                  set(
                    'times',
                    draft.times.filter((_, j) => j !== i),
                  )
                }
              >
                ✕
              </button>
            )}
          </div>
        ))}
        {draft.mode === 'times' && draft.times.length < 8 && (
          <button
            type="button"
            className="btn btn-block"
            onClick={() => set('times', [...draft.times, '20:00'])}
          >
            {t('medication.addTime')}
          </button>
        )}
        {errors.times && (
          <p className="text-field-error" role="alert">
            {errors.times}
          </p>
        )}
        {draft.mode === 'interval' && (
          <TextField
            label={t('medication.field.everyHours')}
            name="everyHours"
            inputMode="numeric"
            value={draft.everyHours}
            onChange={(e) => set('everyHours', e.target.value)}
            error={errors.everyHours}
          />
        )}
      </fieldset>
      <fieldset className="med-fieldset" aria-describedby={ids.days}>
        <legend>{t('medication.field.days')}</legend>
        <p id={ids.days} className="med-note">
          {t('medication.field.daysHint')}
        </p>
        <div className="med-days">
          {[1, 2, 3, 4, 5, 6, 7].map((day) => (
            <label key={day} className={`med-day${draft.daysOfWeek.includes(day) ? ' med-day-on' : ''}`}>
              <input
                type="checkbox"
                checked={draft.daysOfWeek.includes(day)}
                onChange={(e) =>
                  set(
                    'daysOfWeek',
                    e.target.checked ? [...draft.daysOfWeek, day] : draft.daysOfWeek.filter((d) => d !== day),
                  )
                }
              />
              <span>{t(`medication.weekday.${day}`)}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <fieldset className="med-fieldset">
        <legend>{t('medication.field.meal')}</legend>
        <ChoiceGroup
          columns={1}
          label={t('medication.field.meal')}
          options={MEAL_RELATIONS.map((value) => ({ value, label: t(`medication.meal.${value}`) }))}
          value={draft.meal}
          onChange={(value) => set('meal', value)}
        />
      </fieldset>
      <TextField
        label={t('medication.field.startDate')}
        name="startDate"
        type="date"
        value={draft.startDate}
        onChange={(e) => set('startDate', e.target.value)}
        error={errors.startDate}
      />
      <label className="med-check">
        <input
          type="checkbox"
          checked={draft.continuing}
          onChange={(e) => set('continuing', e.target.checked)}
        />
        <span>{t('medication.field.continuing')}</span>
      </label>
      {!draft.continuing && (
        <TextField
          label={t('medication.field.endDate')}
          name="endDate"
          type="date"
          min={draft.startDate}
          value={draft.endDate}
          onChange={(e) => set('endDate', e.target.value)}
          error={errors.endDate}
        />
      )}
      <div className="text-field">
        <label htmlFor={ids.instructions}>{t('medication.field.instructions')}</label>
        <textarea
          id={ids.instructions}
          className="med-textarea"
          rows={3}
          maxLength={500}
          value={draft.instructions}
          onChange={(e) => set('instructions', e.target.value)}
        />
      </div>
      <TextField
        label={t('medication.field.stock')}
        name="stock"
        inputMode="decimal"
        value={draft.stock}
        onChange={(e) => set('stock', e.target.value)}
        error={errors.stock}
      />
      <TextField
        label={t('medication.field.refillThreshold')}
        name="refillThreshold"
        inputMode="numeric"
        value={draft.refillThreshold}
        onChange={(e) => set('refillThreshold', e.target.value)}
        error={errors.refillThreshold}
      />
      <TextField
        label={t('medication.field.prescribedBy')}
        name="prescribedBy"
        value={draft.prescribedBy}
        onChange={(e) => set('prescribedBy', e.target.value)}
        error={errors.prescribedBy}
      />
      {failure && (
        <p className="text-field-error" role="alert">
          {failure}
        </p>
      )}
      <button type="submit" className="btn btn-primary btn-block" disabled={save.isPending}>
        {t('medication.save')}
      </button>
      <button type="button" className="btn btn-block" onClick={onCancel}>
        {t('medication.cancel')}
      </button>
    </form>
  );
}
