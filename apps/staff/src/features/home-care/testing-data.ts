import type {
  VitalSignAlert,
  WatchPatient,
  WatchPatientPage,
  WatchReading,
} from '@smartcare/contract/home-care-watch';
import { classify } from '@smartcare/contract/vital-signs';

/** Test data of the home-care screens, with real classes from the contract's classifiers. */
export function watchReading(
  overrides: Partial<WatchReading> & Pick<WatchReading, 'kind' | 'value'>,
): WatchReading {
  const value2 = overrides.value2 ?? null;
  const context = overrides.context ?? null;
  return {
    idx: 1,
    unit: '',
    effectiveAt: new Date(Date.now() - 3_600_000).toISOString(),
    judgement: classify({ kind: overrides.kind, value: overrides.value, value2, context }),
    target: null,
    ...overrides,
    value2,
    context,
  };
}

export function watchPatient(overrides: Partial<WatchPatient> = {}): WatchPatient {
  return {
    patientIdx: 21,
    name: '김재택',
    birthDate: '1948-03-02',
    sex: 'F',
    group: 'OK',
    outOfRangeCount: 0,
    lastReadingAt: new Date(Date.now() - 3_600_000).toISOString(),
    daysSinceLast: 0,
    openAlertCount: 0,
    missedDosesToday: 0,
    latest: [],
    ...overrides,
  };
}

export function vitalSignAlert(overrides: Partial<VitalSignAlert> = {}): VitalSignAlert {
  return {
    idx: 501,
    hospitalIdx: 1,
    patientIdx: 21,
    patientName: '김재택',
    readingIdx: 900,
    kind: 'BLOOD_PRESSURE',
    value: 185,
    value2: 112,
    unit: 'mm[Hg]',
    context: null,
    class: 'STAGE_2',
    effectiveAt: new Date(Date.now() - 60_000).toISOString(),
    createdAt: new Date().toISOString(),
    acknowledgedAt: null,
    acknowledgedByName: null,
    ...overrides,
  };
}

export function patientPage(overrides: Partial<WatchPatientPage> = {}): WatchPatientPage {
  return {
    patientIdx: 21,
    name: '김재택',
    birthDate: '1948-03-02',
    sex: 'F',
    latest: [],
    targets: [],
    note: null,
    alerts: [],
    staleDays: 3,
    lastReadingAt: null,
    ...overrides,
  };
}
