import {
  createDocumentRequestBodySchema,
  DOCUMENT_DELIVERIES,
  DOCUMENT_MAX_COPIES,
  DOCUMENT_PURPOSES,
  DOCUMENT_TYPE_FIELDS,
  DOCUMENT_TYPES,
  documentFeeOf,
  type CreateDocumentRequestBody,
  type DocumentDelivery,
  type DocumentLanguage,
  type DocumentPurpose,
  type DocumentType,
} from '@smartcare/contract/document-request';
import { isValidationMessageKey } from '@smartcare/contract/validation-messages';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChoiceGroup } from '../../components/ui/choice-group';
import { TextField } from '../../components/ui/text-field';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-error';
import { validationText } from '../../lib/form-rules';
import { toast } from '../../lib/toast';
import { useCreateRequest } from './api/create-request';
import { useFees } from './api/get-fees';
import { formatKrw } from './document-request-parts';

type Field = keyof CreateDocumentRequestBody;
type Errors = Partial<Record<Field, string>>;

interface Draft {
  type: DocumentType;
  department: string;
  periodFrom: string;
  periodTo: string;
  purpose: DocumentPurpose | null;
  purposeNote: string;
  copies: number;
  language: DocumentLanguage;
  delivery: DocumentDelivery;
  note: string;
}

const emptyDraft: Draft = {
  type: 'DIAGNOSIS',
  department: '',
  periodFrom: '',
  periodTo: '',
  purpose: null,
  purposeNote: '',
  copies: 1,
  language: 'KO',
  delivery: 'APP_PDF',
  note: '',
};

/** The body the server takes: fields the type does not ask for are left out. */
function bodyOf(draft: Draft, clientRequestId: string): Record<string, unknown> {
  const fields = DOCUMENT_TYPE_FIELDS[draft.type];
  return {
    type: draft.type,
    department: draft.department,
    ...(fields.period !== 'none' ? { periodFrom: draft.periodFrom || null } : {}),
    ...(fields.period === 'range' ? { periodTo: draft.periodTo || null } : {}),
    ...(fields.purpose ? { purpose: draft.purpose, purposeNote: draft.purposeNote } : {}),
    copies: draft.copies,
    language: fields.english ? draft.language : 'KO',
    delivery: draft.delivery,
    note: draft.note,
    clientRequestId,
  };
}

/** The request form: each type's own fields, its fee before submitting, one request per submit. */
export function DocumentRequestForm({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const fees = useFees();
  const create = useCreateRequest();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [errors, setErrors] = useState<Errors>({});
  // One key per form: a double tap or a resend after a lost answer gives the same request.
  const [clientRequestId] = useState(() => crypto.randomUUID());
  const noteId = useId();
  const fields = DOCUMENT_TYPE_FIELDS[draft.type];
  const label = (field: string) => t(`documentRequestScreens.fields.${field}`);

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setDraft((d) => ({ ...d, [key]: value }));
    setErrors((e) => ({ ...e, [key]: undefined }));
  };

  const messageOf = (field: string, key: string) =>
    isValidationMessageKey(key)
      ? validationText(key, {
          field: label(field === 'periodFrom' && fields.period === 'day' ? 'visitDate' : field),
        })
      : key;

  const fee = fees.data?.fees.find((f) => f.type === draft.type);
  const total = fee ? documentFeeOf(fee, fields.english ? draft.language : 'KO', draft.copies) : null;

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const body = bodyOf(draft, clientRequestId);
    const checked = createDocumentRequestBodySchema.safeParse(body);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? '') as Field;
        found[field] ??= messageOf(field, issue.message);
      }
      setErrors(found);
      return;
    }
    try {
      const created = await create.mutateAsync(checked.data);
      toast.success(t('documentRequestScreens.submitted'));
      onDone();
      void navigate(paths.hospital.documentRequestDetail.href(created.idx));
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors().length > 0) {
        const found: Errors = {};
        for (const { field, message } of error.fieldErrors()) found[field as Field] = message;
        setErrors(found);
      } else toast.error(errorMessage(error));
    }
  };

  if (fees.isPending) return <LoadingView label={t('documentRequestScreens.feeLoading')} />;
  if (fees.isError)
    return <ErrorView message={errorMessage(fees.error)} onRetry={() => void fees.refetch()} />;

  return (
    <form className="plain-form doc-form" onSubmit={(e) => void submit(e)} noValidate>
      <p className="doc-hospital">
        <span className="doc-label">{t('documentRequestScreens.hospitalLabel')}</span>{' '}
        {fees.data.hospitalName}
      </p>

      <fieldset className="doc-fieldset">
        <legend>{label('type')}</legend>
        <ChoiceGroup
          label={label('type')}
          columns={1}
          value={draft.type}
          onChange={(type) => set('type', type)}
          options={DOCUMENT_TYPES.map((type) => ({
            value: type,
            label: t(`documentRequestScreens.types.${type}`),
          }))}
        />
      </fieldset>

      <TextField
        label={label('department')}
        value={draft.department}
        placeholder={t('documentRequestScreens.departmentPlaceholder')}
        maxLength={40}
        onChange={(e) => set('department', e.target.value)}
        error={errors.department}
      />

      {fields.period !== 'none' && (
        <div className="doc-period">
          <TextField
            type="date"
            label={label(fields.period === 'day' ? 'visitDate' : 'periodFrom')}
            value={draft.periodFrom}
            onChange={(e) => set('periodFrom', e.target.value)}
            error={errors.periodFrom}
          />
          {fields.period === 'range' && (
            <TextField
              type="date"
              label={label('periodTo')}
              value={draft.periodTo}
              onChange={(e) => set('periodTo', e.target.value)}
              error={errors.periodTo}
            />
          )}
        </div>
      )}

      {fields.purpose && (
        <fieldset className="doc-fieldset">
          <legend>{label('purpose')}</legend>
          <ChoiceGroup
            label={label('purpose')}
            value={draft.purpose}
            onChange={(purpose) => set('purpose', purpose)}
            options={DOCUMENT_PURPOSES.map((p) => ({
              value: p,
              label: t(`documentRequestScreens.purposes.${p}`),
            }))}
          />
          {errors.purpose && <p className="text-field-error">{errors.purpose}</p>}
          <TextField
            label={label('purposeNote')}
            value={draft.purposeNote}
            maxLength={100}
            onChange={(e) => set('purposeNote', e.target.value)}
            error={errors.purposeNote}
          />
        </fieldset>
      )}

      <fieldset className="doc-fieldset">
        <legend>{label('copies')}</legend>
        <div className="doc-stepper">
          <button
            type="button"
            className="btn"
            aria-label={`${label('copies')} −`}
            disabled={draft.copies <= 1}
            onClick={() => set('copies', draft.copies - 1)}
          >
            −
          </button>
          <output aria-live="polite">
            {t('documentRequestScreens.copiesValue', { count: draft.copies })}
          </output>
          <button
            type="button"
            className="btn"
            aria-label={`${label('copies')} +`}
            disabled={draft.copies >= DOCUMENT_MAX_COPIES}
            onClick={() => set('copies', draft.copies + 1)}
          >
            +
          </button>
        </div>
        {errors.copies && <p className="text-field-error">{errors.copies}</p>}
      </fieldset>

      <fieldset className="doc-fieldset">
        <legend>{label('language')}</legend>
        {fields.english ? (
          <ChoiceGroup
            label={label('language')}
            value={draft.language}
            onChange={(language) => set('language', language)}
            options={(['KO', 'EN'] as const).map((l) => ({
              value: l,
              label: t(`documentRequestScreens.languages.${l}`),
            }))}
          />
        ) : (
          <p className="doc-help">{t('documentRequestScreens.englishOnlyKorean')}</p>
        )}
        {errors.language && <p className="text-field-error">{errors.language}</p>}
      </fieldset>

      <fieldset className="doc-fieldset">
        <legend>{label('delivery')}</legend>
        <ChoiceGroup
          label={label('delivery')}
          columns={1}
          value={draft.delivery}
          onChange={(delivery) => set('delivery', delivery)}
          options={DOCUMENT_DELIVERIES.map((d) => ({
            value: d,
            label: t(`documentRequestScreens.deliveries.${d}`),
          }))}
        />
      </fieldset>

      <div className="text-field">
        <label htmlFor={noteId}>{label('note')}</label>
        <textarea
          id={noteId}
          className="doc-textarea"
          value={draft.note}
          maxLength={300}
          rows={3}
          onChange={(e) => set('note', e.target.value)}
        />
        {errors.note && <p className="text-field-error">{errors.note}</p>}
      </div>

      <section className="doc-fee" aria-live="polite" aria-label={t('documentRequestScreens.fee')}>
        <p className="doc-fee-line">
          <span>{t('documentRequestScreens.fee')}</span>
          <strong data-testid="document-fee">
            {total === null || total === 0
              ? t('documentRequestScreens.feeFree')
              : t('documentRequestScreens.feeValue', { amount: formatKrw(total) })}
          </strong>
        </p>
        {fee && fee.feeKrw > 0 && (
          <p className="doc-help">
            {t('documentRequestScreens.feeBreakdown', {
              first: formatKrw(
                draft.language === 'EN' && fields.english ? (fee.englishFeeKrw ?? fee.feeKrw) : fee.feeKrw,
              ),
              extra: formatKrw(fee.extraCopyFeeKrw),
            })}
          </p>
        )}
        <p className="doc-help">{t('documentRequestScreens.feeHelp')}</p>
      </section>

      <button type="submit" className="btn btn-primary btn-block" disabled={create.isPending}>
        {create.isPending ? t('documentRequestScreens.submitting') : t('documentRequestScreens.submit')}
      </button>
      <button type="button" className="btn btn-block" onClick={onDone}>
        {t('documentRequestScreens.cancelForm')}
      </button>
    </form>
  );
}
