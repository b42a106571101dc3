import {
  createQuestionBodySchema,
  QNA_CATEGORIES,
  QNA_PHOTOS_MAX,
  QNA_TEXT_MAX,
  QNA_TITLE_MAX,
  type QnaCategory,
} from '@smartcare/contract/qna';
import { isValidationMessageKey } from '@smartcare/contract/validation-messages';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ChoiceGroup } from '../../components/ui/choice-group';
import { Page } from '../../components/ui/page';
import { TextField } from '../../components/ui/text-field';
import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-error';
import { validationText } from '../../lib/form-rules';
import { toast } from '../../lib/toast';
import { useCreateQuestion } from './api/create-question';
import { readPhoto, type ChosenPhoto } from './qna-form';
import './qna.css';

type Field = 'category' | 'title' | 'text' | 'photos';
type Errors = Partial<Record<Field, string>>;

/** `/homecare/qna/regist`: ask the care team — category, title, text and up to three photos. */
export function QnaRegisterScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const create = useCreateQuestion();
  const [category, setCategory] = useState<QnaCategory | null>(null);
  const [title, setTitle] = useState('');
  const [text, setText] = useState('');
  const [photos, setPhotos] = useState<ChosenPhoto[]>([]);
  const [errors, setErrors] = useState<Errors>({});
  // One key per form: a double tap or a resend after a lost answer gives one question.
  const [clientRequestId] = useState(() => crypto.randomUUID());
  const textId = useId();
  const photoId = useId();
  const label = (field: Field) => t(`qna.field.${field}`);
  const messageOf = (field: Field, key: string) =>
    isValidationMessageKey(key) ? validationText(key, { field: label(field), length: QNA_TEXT_MAX }) : key;

  const choose = async (files: FileList | null) => {
    if (!files) return;
    const added: ChosenPhoto[] = [];
    for (const file of Array.from(files)) {
      if (photos.length + added.length >= QNA_PHOTOS_MAX) {
        setErrors((e) => ({ ...e, photos: t('qna.register.photoTooMany', { max: QNA_PHOTOS_MAX }) }));
        break;
      }
      const read = await readPhoto(file);
      if ('error' in read) {
        setErrors((e) => ({ ...e, photos: t(`qna.register.photo_${read.error}`) }));
        return;
      }
      added.push(read.photo);
    }
    setPhotos((p) => [...p, ...added]);
    if (added.length > 0 && photos.length + added.length <= QNA_PHOTOS_MAX)
      setErrors((e) => ({ ...e, photos: undefined }));
  };

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (create.isPending) return;
    const body = {
      category: category ?? undefined,
      title,
      text,
      photos: photos.map((p) => ({ dataBase64: p.dataBase64 })),
      clientRequestId,
    };
    const checked = createQuestionBodySchema.safeParse(body);
    if (!checked.success) {
      const found: Errors = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? '') as Field;
        found[field] ??=
          field === 'category' ? t('qna.register.categoryRequired') : messageOf(field, issue.message);
      }
      setErrors(found);
      return;
    }
    try {
      const created = await create.mutateAsync(checked.data);
      toast.success(t('qna.register.sent'));
      void navigate(paths.homecare.qnaDetail.href(created.idx), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors().length > 0) {
        const found: Errors = {};
        for (const { field, message } of error.fieldErrors()) found[field.split('.')[0] as Field] ??= message;
        setErrors(found);
      } else toast.error(errorMessage(error));
    }
  };

  return (
    <Page title={t('qna.register.title')} back={paths.homecare.qnaList.href()}>
      <form className="plain-form qna-form" onSubmit={(e) => void submit(e)} noValidate>
        <p className="qna-help">{t('qna.register.intro')}</p>
        <fieldset className="qna-fieldset">
          <legend>{label('category')}</legend>
          <ChoiceGroup
            label={label('category')}
            options={QNA_CATEGORIES.map((value) => ({ value, label: t(`qna.category.${value}`) }))}
            value={category}
            onChange={(value) => {
              setCategory(value);
              setErrors((e) => ({ ...e, category: undefined }));
            }}
          />
          {errors.category && <p className="text-field-error">{errors.category}</p>}
        </fieldset>
        <TextField
          label={label('title')}
          value={title}
          maxLength={QNA_TITLE_MAX}
          error={errors.title}
          onChange={(e) => {
            setTitle(e.target.value);
            setErrors((er) => ({ ...er, title: undefined }));
          }}
        />
        <div className="text-field">
          <label htmlFor={textId}>{label('text')}</label>
          <textarea
            id={textId}
            className="qna-textarea"
            rows={6}
            value={text}
            maxLength={QNA_TEXT_MAX}
            aria-invalid={errors.text ? true : undefined}
            aria-describedby={errors.text ? `${textId}-error` : undefined}
            onChange={(e) => {
              setText(e.target.value);
              setErrors((er) => ({ ...er, text: undefined }));
            }}
          />
          {errors.text && (
            <p id={`${textId}-error`} className="text-field-error">
              {errors.text}
            </p>
          )}
        </div>
        <section className="qna-card" aria-labelledby={`${photoId}-title`}>
          <h2 id={`${photoId}-title`} className="qna-section-title">
            {label('photos')}
          </h2>
          <p className="qna-help">{t('qna.register.photoHelp', { max: QNA_PHOTOS_MAX })}</p>
          {photos.length > 0 && (
            <ul className="qna-photo-list">
              {photos.map((photo, i) => (
                <li key={`${photo.name}-${i}`}>
                  <img
                    className="qna-photo"
                    src={photo.previewUrl}
                    alt={t('qna.register.photoAlt', { n: i + 1 })}
                  />
                  <button
                    type="button"
                    className="btn btn-block"
                    onClick={() => {
                      setPhotos((p) => p.filter((_, j) => j !== i));
                      setErrors((e) => ({ ...e, photos: undefined }));
                    }}
                  >
                    {t('qna.register.photoRemove', { n: i + 1 })}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {photos.length < QNA_PHOTOS_MAX && (
            <label className="btn btn-block qna-file">
              <input
                className="qna-file-input"
                type="file"
                multiple
                accept="image/jpeg,image/png,image/heic,image/heif,.heic,.heif"
                aria-invalid={errors.photos ? true : undefined}
                onChange={(e) => {
                  void choose(e.target.files);
                  e.target.value = '';
                }}
              />
              {t('qna.register.photoChoose')}
            </label>
          )}
          {errors.photos && (
            <p className="text-field-error" role="alert">
              {errors.photos}
            </p>
          )}
        </section>
        <button type="submit" className="btn btn-primary btn-block" disabled={create.isPending}>
          {create.isPending ? t('qna.register.sending') : t('qna.register.submit')}
        </button>
      </form>
    </Page>
  );
}
