import { InPreparationScreen } from '../../components/ui/in-preparation-screen';
import { areaConfig, type Area } from '../../config/area';

// Placeholder route until helper E's consulting chat lands here (issue 3: chat is later work).
export function ConsultingChatRoute({ area }: { area: Area }) {
  return <InPreparationScreen home={areaConfig[area].home} />;
}
