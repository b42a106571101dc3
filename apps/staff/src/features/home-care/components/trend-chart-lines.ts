import type { VitalSignKind } from '@smartcare/contract/vital-signs';

/** Limits of the normal range drawn as dashed lines (domain.md "Ranges shown to patients"). */
export const NORMAL_LINES: Partial<Record<VitalSignKind, { values: number[]; guideline: string }>> = {
  BLOOD_PRESSURE: { values: [120, 80], guideline: 'KSH' },
  TEMPERATURE: { values: [36.1, 38.0], guideline: 'NEWS2' },
  HEART_RATE: { values: [51, 90], guideline: 'NEWS2' },
  SPO2: { values: [96], guideline: 'NEWS2' },
  BLOOD_GLUCOSE: { values: [70, 140], guideline: 'ADA/KDA' },
};
