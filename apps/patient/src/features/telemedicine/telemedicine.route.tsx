import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { TelemedicineConfigScreen } from './telemedicine-config-screen';
import { TelemedicineDetailScreen } from './telemedicine-detail-screen';
import { visitIdxOf } from './telemedicine-parts';
import { TelemedicineVideoCallScreen } from './telemedicine-videocall-screen';

/** `/homecare/telemedicine/{idx}` (spec §2); the shared readings come from the route table. */
export function TelemedicineDetailRoute({ idx, readings }: { idx: string; readings?: ReactNode }) {
  return <TelemedicineDetailScreen idx={idx} readings={readings} />;
}

/** `/homecare/telemedicine/videocall?visitIdx=` (the spec's route; the visit in the query string). */
export function TelemedicineVideoCallRoute() {
  const [params] = useSearchParams();
  const visitIdx = visitIdxOf(params.get('visitIdx'));
  // A new visit is a new screen (its own call and media).
  return <TelemedicineVideoCallScreen key={visitIdx} visitIdx={visitIdx} />;
}

/** `/homecare/telemedicine/config` (`?visitIdx=` on the way into a visit). */
export function TelemedicineConfigRoute() {
  const [params] = useSearchParams();
  return <TelemedicineConfigScreen visitIdx={visitIdxOf(params.get('visitIdx'))} />;
}
