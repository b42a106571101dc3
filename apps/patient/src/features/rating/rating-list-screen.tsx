import type { RatingOccasion } from '@smartcare/contract/rating';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import { Page } from '../../components/ui/page';
import { EmptyView, ErrorView, LoadingView } from '../../components/ui/state-views';
import { areaConfig } from '../../config/area';
import { paths } from '../../config/paths';
import { errorMessage } from '../../lib/api-error';
import { formatDate } from '../../lib/date-format';
import { useSession } from '../../lib/use-session';
import { useMyRatings } from './api/get-my-ratings';
import './rating.css';

export const rateHref = (occasion: Pick<RatingOccasion, 'kind' | 'idx'>) =>
  `${paths.hospital.rate.href()}?kind=${occasion.kind}&idx=${occasion.idx}`;

/** `/hospital/ratelist`: what waits for a rating, then what the patient rated. */
export function RatingListScreen() {
  const { t } = useTranslation();
  const { accessToken } = useSession();
  const ratings = useMyRatings(Boolean(accessToken));
  if (!accessToken) return <Navigate to={areaConfig.hospital.login} replace />;
  return (
    <Page title={t('ratingScreens.listTitle')} back={areaConfig.hospital.home}>
      {ratings.isPending && <LoadingView />}
      {ratings.isError && (
        <ErrorView message={errorMessage(ratings.error)} onRetry={() => void ratings.refetch()} />
      )}
      {ratings.isSuccess && ratings.data.waiting.length === 0 && ratings.data.rated.length === 0 && (
        <EmptyView>{t('ratingScreens.empty')}</EmptyView>
      )}
      {ratings.isSuccess && ratings.data.waiting.length > 0 && (
        <section aria-labelledby="rating-waiting">
          <h2 id="rating-waiting" className="rating-heading">
            {t('ratingScreens.waiting')}
          </h2>
          <ul className="rating-list">
            {ratings.data.waiting.map((o) => (
              <OccasionRow key={`${o.kind}-${o.idx}`} occasion={o} />
            ))}
          </ul>
        </section>
      )}
      {ratings.isSuccess && ratings.data.rated.length > 0 && (
        <section aria-labelledby="rating-rated">
          <h2 id="rating-rated" className="rating-heading">
            {t('ratingScreens.rated')}
          </h2>
          <ul className="rating-list">
            {ratings.data.rated.map((o) => (
              <OccasionRow key={`${o.kind}-${o.idx}`} occasion={o} />
            ))}
          </ul>
        </section>
      )}
    </Page>
  );
}

function OccasionRow({ occasion }: { occasion: RatingOccasion }) {
  const { t, i18n } = useTranslation();
  const rating = occasion.rating;
  return (
    <li>
      <Link className="rating-card" to={rateHref(occasion)}>
        <span className="rating-card-title">
          {t(`ratingScreens.kinds.${occasion.kind}`)} · {formatDate(occasion.completedAt, i18n.language)}
        </span>
        <span className="rating-card-meta">
          {occasion.hospitalName}
          {occasion.staffName ? ` · ${occasion.staffName}` : ''}
        </span>
        <span className="rating-card-action">
          {rating
            ? `${t('ratingScreens.starsValue', { count: rating.stars })} · ${t(`ratingScreens.levels.${rating.stars}`)}${rating.editable ? '' : ` · ${t('ratingScreens.closed')}`}`
            : t('ratingScreens.rateNow')}
        </span>
      </Link>
    </li>
  );
}
