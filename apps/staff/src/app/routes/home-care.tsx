import { WatchList } from '../../features/home-care/components/watch-list';

/** issue 13: the home-care nurse's watch list. */
export function HomeCareRoute() {
  return <WatchList />;
}
