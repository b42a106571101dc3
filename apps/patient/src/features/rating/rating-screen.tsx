import {
  RATING_COMMENT_MAX,
  RATING_TAGS,
  ratingOccasionKindSchema,
  submitRatingBodySchema,
  type RatingOccasion,
  type RatingTag,
} from '@smartcare/contract/rating';
import { isValidationMessageKey } from '@smartcare/contract/validation-messages';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Page } from '../../components/ui/page';
import { ErrorView, LoadingView } from '../../components/ui/state-views';
import { areaConfig, rateAreaOf } from '../../config/area';
import { paths } from '../../config/paths';
import { ApiError, errorMessage } from '../../lib/api-error';
import { formatDateTime } from '../../lib/date-format';
import { validationText } from '../../lib/form-rules';
import { toast } from '../../lib/toast';
import { useSession } from '../../lib/use-session';
import { useOccasion } from './api/get-occasion';
import { useSubmitRating } from './api/submit-rating';
import './rating.css';

type Field = 'stars' | 'tags' | 'comment';

/** `/hospital/rate?kind=CHAT&idx=12`: rate a completed occasion, or change it for 7 days. */
export function RatingScreen() {
  const { t } = useTranslation();
  const { accessToken } = useSession();
  const [search] = useSearchParams();
  const kind = ratingOccasionKindSchema.safeParse(search.get('kind'));
  const idx = Number(search.get('idx'));
  const valid = kind.success && Number.isInteger(idx) && idx > 0;
  const occasion = useOccasion(kind.success ? kind.data : 'CHAT', idx, Boolean(accessToken) && valid);
  const back = backOf(search);

  if (!accessToken) return <Navigate to={areaConfig[rateAreaOf(search.toString())].login} replace />;
  return (
    <Page title={t('ratingScreens.rateTitle')} back={back}>
      {!valid && <ErrorView message={t('ratingScreens.unknownOccasion')} />}
      {valid && occasion.isPending && <LoadingView />}
      {valid && occasion.isError && (
        <ErrorView message={errorMessage(occasion.error)} onRetry={() => void occasion.refetch()} />
      )}
      {valid && occasion.isSuccess && (
        <RatingForm key={occasion.dataUpdatedAt} occasion={occasion.data} done={back} />
      )}
    </Page>
  );
}

/**
 * Where the rating screen goes back (and to after saving): a telemedicine visit's own page in
 * home care, where its "이 진료 평가하기" is; otherwise the hospital's rating list.
 */
function backOf(search: URLSearchParams): string {
  const idx = Number(search.get('idx'));
  return rateAreaOf(search.toString()) === 'homecare' && Number.isInteger(idx) && idx > 0
    ? paths.homecare.telemedicineDetail.href(idx)
    : paths.hospital.rateList.href();
}

export function RatingForm({
  occasion,
  done = paths.hospital.rateList.href(),
}: {
  occasion: RatingOccasion;
  /** Where to go once saved. */
  done?: string;
}) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const submit = useSubmitRating();
  const commentId = useId();
  const rating = occasion.rating;
  const readOnly = rating !== null && !rating.editable;
  const [stars, setStars] = useState<number>(rating?.stars ?? 0);
  const [tags, setTags] = useState<RatingTag[]>(rating?.tags ?? []);
  const [comment, setComment] = useState(rating?.comment ?? '');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});

  const label = (field: Field) => t(`ratingScreens.fields.${field}`);
  const messageOf = (field: Field, key: string) =>
    field === 'stars'
      ? t('ratingScreens.starsRequired')
      : isValidationMessageKey(key)
        ? validationText(key, { field: label(field), length: `0~${RATING_COMMENT_MAX}` })
        : key;

  const onSubmit = async (event: React.FormEvent) => {
    event.preventDefault();
    if (submit.isPending || readOnly) return;
    const checked = submitRatingBodySchema.safeParse({
      kind: occasion.kind,
      idx: occasion.idx,
      stars,
      tags,
      comment,
    });
    if (!checked.success) {
      const found: Partial<Record<Field, string>> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? '') as Field;
        found[field] ??= messageOf(field, issue.message);
      }
      setErrors(found);
      return;
    }
    try {
      await submit.mutateAsync(checked.data);
      toast.success(t(rating ? 'ratingScreens.updated' : 'ratingScreens.submitted'));
      void navigate(done);
    } catch (error) {
      if (error instanceof ApiError && error.fieldErrors().length > 0) {
        const found: Partial<Record<Field, string>> = {};
        for (const { field, message } of error.fieldErrors()) found[field as Field] = message;
        setErrors(found);
      } else toast.error(errorMessage(error));
    }
  };

  return (
    <form className="plain-form rating-form" onSubmit={(e) => void onSubmit(e)} noValidate>
      <div className="rating-occasion">
        <strong>{t(`ratingScreens.kinds.${occasion.kind}`)}</strong>
        <span>
          {occasion.hospitalName}
          {occasion.staffName ? ` · ${occasion.staffName}` : ''}
        </span>
        <span>
          {t('ratingScreens.completedAt', { at: formatDateTime(occasion.completedAt, i18n.language) })}
        </span>
      </div>
      {rating && (
        <p className="rating-window" role="note">
          {readOnly
            ? t('ratingScreens.readOnly')
            : t('ratingScreens.editableUntil', { at: formatDateTime(rating.editableUntil, i18n.language) })}
        </p>
      )}
      <fieldset className="rating-field" aria-describedby={errors.stars ? 'rating-stars-error' : undefined}>
        <legend>{label('stars')}</legend>
        <div className="rating-stars" role="radiogroup" aria-label={label('stars')}>
          {[1, 2, 3, 4, 5].map((n) => (
            <button
              key={n}
              type="button"
              role="radio"
              aria-checked={stars === n}
              className={`rating-star${n <= stars ? ' is-on' : ''}`}
              disabled={readOnly}
              onClick={() => {
                setStars(n);
                setErrors((e) => ({ ...e, stars: undefined }));
              }}
            >
              <span aria-hidden="true">★</span>
              <span className="rating-star-word">{t(`ratingScreens.levels.${n}`)}</span>
            </button>
          ))}
        </div>
        {errors.stars && (
          <p className="field-error" id="rating-stars-error" role="alert">
            {errors.stars}
          </p>
        )}
      </fieldset>
      <fieldset className="rating-field">
        <legend>{label('tags')}</legend>
        <div className="rating-tags">
          {RATING_TAGS.map((tag) => {
            const on = tags.includes(tag);
            return (
              <button
                key={tag}
                type="button"
                aria-pressed={on}
                className={`rating-tag${on ? ' is-on' : ''}`}
                disabled={readOnly}
                onClick={() => setTags((all) => (on ? all.filter((x) => x !== tag) : [...all, tag]))}
              >
                {t(`ratingScreens.tags.${tag}`)}
              </button>
            );
          })}
        </div>
        {errors.tags && (
          <p className="field-error" role="alert">
            {errors.tags}
          </p>
        )}
      </fieldset>
      <div className="rating-field">
        <label htmlFor={commentId}>{label('comment')}</label>
        <textarea
          id={commentId}
          className="rating-comment"
          rows={4}
          value={comment}
          readOnly={readOnly}
          aria-invalid={Boolean(errors.comment)}
          aria-describedby={errors.comment ? `${commentId}-error` : undefined}
          placeholder={t('ratingScreens.commentPlaceholder')}
          onChange={(e) => {
            setComment(e.target.value);
            setErrors((x) => ({ ...x, comment: undefined }));
          }}
        />
        <span className="rating-count">
          {comment.length}/{RATING_COMMENT_MAX}
        </span>
        {errors.comment && (
          <p className="field-error" id={`${commentId}-error`} role="alert">
            {errors.comment}
          </p>
        )}
      </div>
      {!readOnly && (
        <button type="submit" className="btn btn-primary btn-block" disabled={submit.isPending}>
          {t(rating ? 'ratingScreens.update' : 'ratingScreens.submit')}
        </button>
      )}
    </form>
  );
}
