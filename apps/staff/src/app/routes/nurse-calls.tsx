import { NurseCallBoard } from '../../features/nurse-call-board/components/nurse-call-board';

export function NurseCallsRoute() {
  return <NurseCallBoard />;
}
