import { InPreparationScreen } from '../../components/ui/in-preparation-screen';
import { areaConfig, type Area } from '../../config/area';

// Placeholder route until helper E's nurse-call feature lands here (issue 3: nurse call is later work).
export function NurseCallListRoute({ area }: { area: Area }) {
  return <InPreparationScreen home={areaConfig[area].home} />;
}
