import type { VitalSignKind } from '@smartcare/contract/vital-signs';
import { paths } from '../../config/paths';
import type { RegisterKind } from './vital-sign-form';

const p = paths.homecare;

/** Where each kind is typed by hand (spec §2); SpO2, steps and exercise come from the phone. */
export const registerPath: Record<RegisterKind, string> = {
  TEMPERATURE: p.tempRegist.href(),
  BLOOD_PRESSURE: p.bloodPressureRegist.href(),
  BLOOD_GLUCOSE: p.bloodGlucoseRegist.href(),
  HEART_RATE: p.heartRateRegist.href(),
  SLEEP: p.sleepRegist.href(),
};

export const registerPathOf = (kind: VitalSignKind): string | null =>
  (registerPath as Partial<Record<VitalSignKind, string>>)[kind] ?? null;
