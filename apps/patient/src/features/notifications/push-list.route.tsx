import type { Area } from '../../config/area';
import { PushListScreen } from './push-list-screen';

/** `/hospital/setting/pushlist` and `/homecare/setting/pushlist` (spec §2). */
export function PushListRoute({ area }: { area: Area }) {
  return <PushListScreen area={area} />;
}
