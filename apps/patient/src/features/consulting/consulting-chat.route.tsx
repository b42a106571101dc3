import type { Area } from '../../config/area';
import { ConsultingChatScreen } from './consulting-chat-screen';

/** `/hospital/consulting/chat` (spec §2). */
export function ConsultingChatRoute({ area }: { area: Area }) {
  return <ConsultingChatScreen area={area} />;
}
