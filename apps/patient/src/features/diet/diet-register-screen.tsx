import { MEAL_TYPES, NUTRIENTS, type Food, type Nutrient } from '@smartcare/contract/diet';
import { ResultCode } from '@smartcare/contract/result-codes';
import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ChoiceGroup } from '../../components/ui/choice-group';
import { Page } from '../../components/ui/page';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { TextField } from '../../components/ui/text-field';
import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-error';
import { currentLocale } from '../../lib/i18n';
import { toast } from '../../lib/toast';
import { useDeleteMeal } from './api/delete-meal';
import { useMeal } from './api/get-meal';
import { useMealPhoto } from './api/get-photo';
import { useRecordMeal } from './api/record-meal';
import { useFoodSearch } from './api/search-foods';
import { useUpdateMeal } from './api/update-meal';
import {
  buildMeal,
  draftOf,
  draftTotals,
  emptyDraft,
  foodDraft,
  freeDraft,
  itemFigures,
  readPhoto,
  seoulParts,
  type FieldErrors,
  type FoodDraft,
  type FreeDraft,
  type ItemDraft,
  type MealDraft,
} from './diet-form';
import { NutrientList } from './nutrient-list';
import './diet.css';

/**
 * `/homecare/diet/regdiet` (issue 15): log a meal — its type and Seoul time (never later than
 * now), foods found in the table by name or 초성 with an amount in servings or grams, or the
 * patient's own figures, a note and a photo. `?idx=N` edits a logged meal, which can also be
 * deleted there.
 */
export function DietRegisterScreen() {
  const [params] = useSearchParams();
  const raw = Number(params.get('idx'));
  const idx = Number.isInteger(raw) && raw > 0 ? raw : null;
  // A different meal (or a new one) gets a fresh form.
  return <MealFormLoader key={idx ?? 'new'} idx={idx} />;
}

function MealFormLoader({ idx }: { idx: number | null }) {
  const { t } = useTranslation();
  const meal = useMeal(idx);
  if (idx === null) return <MealForm idx={null} initial={emptyDraft(new Date())} hasPhoto={false} />;
  if (meal.isPending)
    return (
      <Page title={t('diet.register.editTitle')} back={paths.homecare.dietDashboard.href()}>
        <LoadingView />
      </Page>
    );
  if (meal.isError)
    return (
      <Page title={t('diet.register.editTitle')} back={paths.homecare.dietDashboard.href()}>
        <ErrorView message={errorMessage(meal.error)} onRetry={() => void meal.refetch()} />
      </Page>
    );
  return <MealForm idx={idx} initial={draftOf(meal.data)} hasPhoto={meal.data.hasPhoto} />;
}

function MealForm({ idx, initial, hasPhoto }: { idx: number | null; initial: MealDraft; hasPhoto: boolean }) {
  const { t } = useTranslation();
  const locale = currentLocale();
  const navigate = useNavigate();
  const record = useRecordMeal();
  const update = useUpdateMeal();
  const remove = useDeleteMeal();
  const [draft, setDraft] = useState<MealDraft>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const saving = record.isPending || update.isPending;
  const now = seoulParts(new Date());
  const totals = draftTotals(draft);
  const title = idx === null ? t('diet.register.title') : t('diet.register.editTitle');

  useEffect(() => () => void (preview && URL.revokeObjectURL(preview)), [preview]);

  const set = <K extends keyof MealDraft>(field: K, value: MealDraft[K]) => {
    setDraft((d) => ({ ...d, [field]: value }));
    setErrors((e) => ({ ...e, [field]: '' }));
  };
  const setItem = (key: string, change: Partial<FoodDraft> | Partial<FreeDraft>, field: string) => {
    setDraft((d) => ({
      ...d,
      items: d.items.map((item) => (item.key === key ? ({ ...item, ...change } as ItemDraft) : item)),
    }));
    setErrors((e) => ({ ...e, [field]: '', items: '' }));
  };
  const addItem = (item: ItemDraft) => {
    setDraft((d) => ({ ...d, items: [...d.items, item] }));
    setErrors((e) => ({ ...e, items: '' }));
  };
  const removeItem = (key: string) => {
    setDraft((d) => ({ ...d, items: d.items.filter((item) => item.key !== key) }));
    setErrors({});
  };

  const choosePhoto = async (file: File | undefined) => {
    if (!file) return;
    const read = await readPhoto(file, locale);
    if ('error' in read) {
      setErrors((e) => ({ ...e, photo: read.error }));
      return;
    }
    setDraft((d) => ({ ...d, photo: read.photo, removePhoto: false }));
    setErrors((e) => ({ ...e, photo: '' }));
    setPreview(URL.createObjectURL(file));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setFailure(null);
    const built = buildMeal(draft, locale, new Date());
    if ('errors' in built) {
      setErrors(built.errors);
      return;
    }
    try {
      if (idx === null) await record.mutateAsync(built.input);
      else
        await update.mutateAsync({
          ...built.input,
          idx,
          ...(draft.removePhoto ? { removePhoto: true } : {}),
        });
      toast.success(t('diet.register.saved'));
      navigate(paths.homecare.dietDashboard.href());
    } catch (error) {
      if (error instanceof ApiError && error.code === ResultCode.DIET_INVALID) {
        const fromServer: FieldErrors = {};
        for (const { field, message } of error.fieldErrors()) fromServer[field] ??= message;
        setErrors(fromServer);
      } else setFailure(errorMessage(error));
    }
  };

  const deleteMeal = async () => {
    if (idx === null || remove.isPending) return;
    if (!window.confirm(t('diet.register.deleteConfirm'))) return;
    try {
      await remove.mutateAsync(idx);
      toast.success(t('diet.register.deleted'));
      navigate(paths.homecare.dietDashboard.href());
    } catch (error) {
      setFailure(errorMessage(error));
    }
  };

  return (
    <Page title={title} back={paths.homecare.dietDashboard.href()}>
      <form className="diet-form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className="diet-fieldset">
          <legend>{t('diet.field.mealType')}</legend>
          <ChoiceGroup
            label={t('diet.field.mealType')}
            options={MEAL_TYPES.map((type) => ({ value: type, label: t(`diet.mealType.${type}`) }))}
            value={draft.mealType}
            onChange={(value) => set('mealType', value)}
          />
          {errors.mealType && <p className="text-field-error">{errors.mealType}</p>}
        </fieldset>

        <fieldset className="diet-fieldset">
          <legend>{t('diet.field.eatenAt')}</legend>
          <div className="diet-date-time">
            <TextField
              label={t('diet.field.date')}
              type="date"
              value={draft.date}
              max={now.date}
              onChange={(e) => set('date', e.target.value)}
            />
            <TextField
              label={t('diet.field.time')}
              type="time"
              value={draft.time}
              onChange={(e) => set('time', e.target.value)}
            />
          </div>
          <p className="diet-note">{t('diet.register.seoulTime')}</p>
          {errors.eatenAt && (
            <p className="text-field-error" role="alert">
              {errors.eatenAt}
            </p>
          )}
        </fieldset>

        <FoodPicker onPick={(food) => addItem(foodDraft(food))} />

        <section className="diet-items" aria-labelledby="diet-items-title">
          <h2 id="diet-items-title" className="diet-section-title">
            {t('diet.register.itemsTitle', { count: draft.items.length })}
          </h2>
          {draft.items.length === 0 && <p className="diet-note">{t('diet.register.noItems')}</p>}
          {errors.items && (
            <p className="text-field-error" role="alert">
              {errors.items}
            </p>
          )}
          <ul className="diet-item-list">
            {draft.items.map((item, i) => (
              <li key={item.key} className="diet-item">
                {item.kind === 'FOOD' ? (
                  <FoodItemEditor item={item} index={i} errors={errors} onChange={setItem} />
                ) : (
                  <FreeItemEditor item={item} index={i} errors={errors} onChange={setItem} />
                )}
                <p className="diet-item-kcal">{t('diet.kcalValue', { value: itemFigures(item).kcal })}</p>
                <button type="button" className="btn" onClick={() => removeItem(item.key)}>
                  {t('diet.register.removeItem', { name: item.name || t('diet.register.freeItem') })}
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="btn btn-block" onClick={() => addItem(freeDraft())}>
            {t('diet.register.addFree')}
          </button>
        </section>

        <section className="diet-card" aria-labelledby="diet-draft-total">
          <h2 id="diet-draft-total" className="diet-section-title">
            {t('diet.register.total')}
          </h2>
          <NutrientList values={totals} />
        </section>

        <PhotoField
          mealIdx={idx}
          hasStoredPhoto={hasPhoto && !draft.removePhoto && draft.photo === null}
          preview={draft.photo ? preview : null}
          chosenName={draft.photo?.name ?? null}
          error={errors.photo}
          onChoose={(file) => void choosePhoto(file)}
          onRemove={() => {
            setDraft((d) => ({ ...d, photo: null, removePhoto: true }));
            setPreview(null);
          }}
        />

        <div className="text-field">
          <label htmlFor="diet-memo">{t('diet.field.memo')}</label>
          <textarea
            id="diet-memo"
            className="diet-textarea"
            value={draft.memo}
            rows={3}
            onChange={(e) => set('memo', e.target.value)}
            aria-invalid={errors.memo ? true : undefined}
          />
          {errors.memo && <p className="text-field-error">{errors.memo}</p>}
        </div>

        {failure && (
          <p className="text-field-error" role="alert">
            {failure}
          </p>
        )}
        <button type="submit" className="btn btn-primary btn-block" disabled={saving}>
          {saving ? t('diet.register.saving') : t('diet.register.save')}
        </button>
        {idx !== null && (
          <button
            type="button"
            className="btn btn-block diet-danger"
            onClick={() => void deleteMeal()}
            disabled={remove.isPending}
          >
            {t('diet.register.delete')}
          </button>
        )}
      </form>
    </Page>
  );
}

/** Search as you type; each result adds the food with one serving. */
function FoodPicker({ onPick }: { onPick: (food: Food) => void }) {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const search = useFoodSearch(keyword);
  const resultsId = useId();
  const typed = keyword.trim() !== '';
  return (
    <section className="diet-card" aria-labelledby={`${resultsId}-title`}>
      <h2 id={`${resultsId}-title`} className="diet-section-title">
        {t('diet.register.searchTitle')}
      </h2>
      <TextField
        label={t('diet.register.searchLabel')}
        type="search"
        value={keyword}
        placeholder={t('diet.register.searchPlaceholder')}
        onChange={(e) => setKeyword(e.target.value)}
        autoComplete="off"
        aria-controls={resultsId}
      />
      <div id={resultsId} aria-live="polite">
        {typed && search.isPending && <p className="diet-note">{t('diet.register.searching')}</p>}
        {typed && search.isError && <p className="text-field-error">{errorMessage(search.error)}</p>}
        {typed && search.isSuccess && search.data.length === 0 && (
          <p className="diet-note">{t('diet.register.noResults')}</p>
        )}
        {typed && search.data && search.data.length > 0 && (
          <ul className="diet-results">
            {search.data.map((food) => (
              <li key={food.code}>
                <button
                  type="button"
                  className="diet-result"
                  onClick={() => {
                    onPick(food);
                    setKeyword('');
                  }}
                >
                  <span className="diet-result-name">{food.name}</span>
                  <span className="diet-note">
                    {t('diet.register.perServing', { grams: food.servingG, kcal: food.kcal })}
                  </span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p className="diet-note">{t('diet.dashboard.foodSource')}</p>
    </section>
  );
}

type ItemChange = (key: string, change: Partial<FoodDraft> | Partial<FreeDraft>, field: string) => void;

function FoodItemEditor({
  item,
  index,
  errors,
  onChange,
}: {
  item: FoodDraft;
  index: number;
  errors: FieldErrors;
  onChange: ItemChange;
}) {
  const { t } = useTranslation();
  const field = `items.${index}.amount`;
  return (
    <>
      <p className="diet-item-name">{item.name}</p>
      {errors[`items.${index}.foodCode`] && (
        <p className="text-field-error">{errors[`items.${index}.foodCode`]}</p>
      )}
      <div className="diet-amount">
        <TextField
          label={t('diet.field.amount', { name: item.name })}
          inputMode="decimal"
          value={item.amount}
          onChange={(e) => onChange(item.key, { amount: e.target.value }, field)}
          error={errors[field]}
        />
        <ChoiceGroup
          label={t('diet.field.unit', { name: item.name })}
          options={[
            { value: 'SERVING' as const, label: t('diet.unit.SERVING') },
            { value: 'GRAM' as const, label: t('diet.unit.GRAM') },
          ]}
          value={item.unit}
          onChange={(unit) => {
            if (unit === item.unit) return;
            // Keep the same amount of food: 1 serving of 210 g becomes 210 g.
            const amount = Number(item.amount.replace(',', '.'));
            const converted = Number.isFinite(amount)
              ? unit === 'GRAM'
                ? String(Math.round(amount * item.servingG))
                : String(Math.round((amount / item.servingG) * 10) / 10)
              : item.amount;
            onChange(item.key, { unit, amount: converted }, field);
          }}
        />
      </div>
      <p className="diet-note">{t('diet.register.servingIs', { grams: item.servingG })}</p>
    </>
  );
}

const FREE_FIELDS: Nutrient[] = [...NUTRIENTS];

function FreeItemEditor({
  item,
  index,
  errors,
  onChange,
}: {
  item: FreeDraft;
  index: number;
  errors: FieldErrors;
  onChange: ItemChange;
}) {
  const { t } = useTranslation();
  const at = `items.${index}.`;
  return (
    <fieldset className="diet-fieldset">
      <legend>{t('diet.register.freeItem')}</legend>
      <TextField
        label={t('diet.field.name')}
        value={item.name}
        onChange={(e) => onChange(item.key, { name: e.target.value }, `${at}name`)}
        error={errors[`${at}name`]}
        autoComplete="off"
      />
      <div className="diet-free-grid">
        {FREE_FIELDS.map((n) => (
          <TextField
            key={n}
            label={t(`diet.nutrientInput.${n}`)}
            inputMode="decimal"
            value={item[n]}
            onChange={(e) => onChange(item.key, { [n]: e.target.value }, `${at}${n}`)}
            error={errors[`${at}${n}`]}
          />
        ))}
      </div>
    </fieldset>
  );
}

function PhotoField({
  mealIdx,
  hasStoredPhoto,
  preview,
  chosenName,
  error,
  onChoose,
  onRemove,
}: {
  mealIdx: number | null;
  hasStoredPhoto: boolean;
  preview: string | null;
  chosenName: string | null;
  error?: string;
  onChoose: (file: File | undefined) => void;
  onRemove: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const stored = useMealPhoto(mealIdx ?? 0, hasStoredPhoto && mealIdx !== null);
  const shown = preview ?? (hasStoredPhoto ? stored.data : null);
  return (
    <section className="diet-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="diet-section-title">
        {t('diet.field.photo')}
      </h2>
      <p className="diet-note">{t('diet.register.photoHelp')}</p>
      {shown && <img className="diet-photo" src={shown} alt={t('diet.register.photoAlt')} />}
      {chosenName && !preview && <p className="diet-note">{chosenName}</p>}
      <label className="btn btn-block diet-file">
        <input
          className="diet-file-input"
          type="file"
          accept="image/jpeg,image/png,image/heic,image/heif,.heic,.heif"
          aria-invalid={error ? true : undefined}
          onChange={(e) => {
            onChoose(e.target.files?.[0]);
            e.target.value = '';
          }}
        />
        {shown || chosenName ? t('diet.register.photoChange') : t('diet.register.photoChoose')}
      </label>
      {(shown || chosenName) && (
        <button type="button" className="btn btn-block" onClick={onRemove}>
          {t('diet.register.photoRemove')}
        </button>
      )}
      {error && (
        <p className="text-field-error" role="alert">
          {error}
        </p>
      )}
    </section>
  );
}
