import type { Area } from '../../config/area';
import { NurseCallListScreen } from './nurse-call-list-screen';

/** `/hospital/nursecalling/list` (spec §2). */
export function NurseCallListRoute({ area }: { area: Area }) {
  return <NurseCallListScreen area={area} />;
}
