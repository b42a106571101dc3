import { RatingListScreen } from './rating-list-screen';
import { RatingScreen } from './rating-screen';

/** `/hospital/ratelist` (spec §2). */
export function RatingListRoute() {
  return <RatingListScreen />;
}

/** `/hospital/rate?kind=CHAT&idx=12` (spec §2). */
export function RatingRoute() {
  return <RatingScreen />;
}
