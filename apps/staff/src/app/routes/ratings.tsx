import { RatingStatsView } from '../../features/ratings/components/rating-stats';

/** issue 16: the hospital's ratings ("평가"). */
export function RatingsRoute() {
  return <RatingStatsView />;
}
