import { isBodyMeasureKind, type VitalSignKind } from '@smartcare/contract/vital-signs';
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

/** The seven detail screens (spec §2 `/homecare/mystatus/{kind}/detail`); steps show on exercise's. */
export const DETAIL_KINDS = [
  'TEMPERATURE',
  'BLOOD_PRESSURE',
  'BLOOD_GLUCOSE',
  'HEART_RATE',
  'SPO2',
  'SLEEP',
  'EXERCISE',
] as const satisfies readonly VitalSignKind[];
export type DetailKind = (typeof DETAIL_KINDS)[number];

export const detailPath: Record<DetailKind, string> = {
  TEMPERATURE: p.tempDetail.href(),
  BLOOD_PRESSURE: p.bloodPressureDetail.href(),
  BLOOD_GLUCOSE: p.bloodGlucoseDetail.href(),
  HEART_RATE: p.heartRateDetail.href(),
  SPO2: p.spo2Detail.href(),
  SLEEP: p.sleepDetail.href(),
  EXERCISE: p.exerciseDetail.href(),
};

/** A kind's detail screen: steps per day count as activity, on the exercise screen. */
export const detailPathOf = (kind: VitalSignKind): string =>
  kind === 'STEPS' ? detailPath.EXERCISE : isBodyMeasureKind(kind) ? p.extraInfo.href() : detailPath[kind];
