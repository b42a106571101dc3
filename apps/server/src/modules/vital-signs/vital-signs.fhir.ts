import { LOINC, UCUM_KCAL, type VitalSignKind } from '@smartcare/contract/vital-signs';
import type { StoredReading } from './vital-signs.repository.ts';

/**
 * Readings as FHIR R4 resources (decision 018; domain.md "Vital signs as FHIR R4
 * Observations"). Plain objects: the tests check them with a real validator (@medplum/core).
 */

export const FHIR_CONTENT_TYPE = 'application/fhir+json; charset=utf-8';
const LOINC_SYSTEM = 'http://loinc.org';
const UCUM_SYSTEM = 'http://unitsofmeasure.org';
const CATEGORY_SYSTEM = 'http://terminology.hl7.org/CodeSystem/observation-category';

export type FhirResource = { resourceType: string; id?: string } & Record<string, unknown>;

export type FhirCategory = 'vital-signs' | 'activity' | 'laboratory';

/** FHIR's category of each kind: glucose meters are patient-reported laboratory values. */
export const FHIR_CATEGORY: Record<VitalSignKind, FhirCategory> = {
  TEMPERATURE: 'vital-signs',
  BLOOD_PRESSURE: 'vital-signs',
  HEART_RATE: 'vital-signs',
  SPO2: 'vital-signs',
  BLOOD_GLUCOSE: 'laboratory',
  SLEEP: 'activity',
  STEPS: 'activity',
  EXERCISE: 'activity',
  BODY_WEIGHT: 'vital-signs',
  BODY_HEIGHT: 'vital-signs',
  BMI: 'vital-signs',
};

const CATEGORY_DISPLAY: Record<FhirCategory, string> = {
  'vital-signs': 'Vital Signs',
  activity: 'Activity',
  laboratory: 'Laboratory',
};

/** The base R4 profiles each vital-sign kind claims (http://hl7.org/fhir/R4/observation-vitalsigns.html). */
export const FHIR_PROFILES: Partial<Record<VitalSignKind, string[]>> = {
  TEMPERATURE: [
    'http://hl7.org/fhir/StructureDefinition/vitalsigns',
    'http://hl7.org/fhir/StructureDefinition/bodytemp',
  ],
  BLOOD_PRESSURE: [
    'http://hl7.org/fhir/StructureDefinition/vitalsigns',
    'http://hl7.org/fhir/StructureDefinition/bp',
  ],
  HEART_RATE: [
    'http://hl7.org/fhir/StructureDefinition/vitalsigns',
    'http://hl7.org/fhir/StructureDefinition/heartrate',
  ],
  SPO2: [
    'http://hl7.org/fhir/StructureDefinition/vitalsigns',
    'http://hl7.org/fhir/StructureDefinition/oxygensat',
  ],
  BODY_WEIGHT: [
    'http://hl7.org/fhir/StructureDefinition/vitalsigns',
    'http://hl7.org/fhir/StructureDefinition/bodyweight',
  ],
  BODY_HEIGHT: [
    'http://hl7.org/fhir/StructureDefinition/vitalsigns',
    'http://hl7.org/fhir/StructureDefinition/bodyheight',
  ],
  BMI: ['http://hl7.org/fhir/StructureDefinition/vitalsigns', 'http://hl7.org/fhir/StructureDefinition/bmi'],
};

const DISPLAY: Record<string, string> = {
  [LOINC.bodyTemperature]: 'Body temperature',
  [LOINC.bloodPressurePanel]: 'Blood pressure panel with all children optional',
  [LOINC.systolic]: 'Systolic blood pressure',
  [LOINC.diastolic]: 'Diastolic blood pressure',
  [LOINC.heartRate]: 'Heart rate',
  [LOINC.oxygenSaturation]: 'Oxygen saturation in Blood by Pulse oximetry',
  [LOINC.oxygenSaturationArterial]: 'Oxygen saturation in Arterial blood',
  [LOINC.glucoseFasting]: 'Glucose [Mass/volume] in Capillary blood --fasting',
  [LOINC.glucoseUntimed]: 'Glucose [Mass/volume] in Capillary blood by Glucometer',
  [LOINC.glucoseAfterMeal2h]: 'Glucose [Mass/volume] in Blood --2 hours post meal',
  [LOINC.sleepDuration]: 'Sleep duration',
  [LOINC.stepsPerDay]: 'Number of steps in 24 hour Measured',
  [LOINC.exerciseDuration]: 'Exercise duration',
  [LOINC.exerciseActivity]: 'Type of activity',
  [LOINC.caloriesBurned]: 'Calories burned',
  [LOINC.bodyWeight]: 'Body weight',
  [LOINC.bodyHeight]: 'Body height',
  [LOINC.bmi]: 'Body mass index (BMI) [Ratio]',
};

const loinc = (code: string) => ({ system: LOINC_SYSTEM, code, display: DISPLAY[code] ?? code });

const quantity = (value: number, code: string, unit = code) => ({ value, unit, system: UCUM_SYSTEM, code });

const SOURCE_DISPLAY = { HEALTH_CONNECT: 'Android Health Connect', HEALTHKIT: 'Apple HealthKit' } as const;
const SOURCE_SYSTEM = {
  HEALTH_CONNECT: 'urn:smartcare:source:health-connect',
  HEALTHKIT: 'urn:smartcare:source:healthkit',
} as const;

const TEMPERATURE_SITE_TEXT: Record<string, string> = {
  ORAL: 'Oral',
  EAR: 'Ear (tympanic)',
  AXILLARY: 'Axillary',
  FOREHEAD: 'Forehead (temporal)',
};
const GLUCOSE_TIMING_TEXT: Record<string, string> = {
  FASTING: 'Fasting',
  BEFORE_MEAL: 'Before a meal',
  AFTER_MEAL_2H: '2 hours after a meal',
  BEDTIME: 'At bedtime',
  RANDOM: 'Random',
};

/** The patient as FHIR reads them: name, and birth date and gender where the account has them. */
export function patientResource(patient: {
  idx: number;
  name: string;
  birthDate?: string | null;
  sex?: 'M' | 'F' | null;
}): FhirResource {
  return {
    resourceType: 'Patient',
    id: String(patient.idx),
    active: true,
    name: [{ text: patient.name }],
    ...(patient.sex ? { gender: patient.sex === 'M' ? 'male' : 'female' } : {}),
    ...(patient.birthDate ? { birthDate: patient.birthDate } : {}),
  };
}

/** One stored reading → one Observation. */
export function observationOf(reading: StoredReading): FhirResource {
  const category = FHIR_CATEGORY[reading.kind];
  const subject = { reference: `Patient/${reading.patientIdx}` };
  const observation: FhirResource = {
    resourceType: 'Observation',
    id: String(reading.idx),
    meta: {
      lastUpdated: reading.updatedAt.toISOString(),
      ...(FHIR_PROFILES[reading.kind] ? { profile: FHIR_PROFILES[reading.kind] } : {}),
    },
    ...(reading.sourceRecordId && reading.source !== 'MANUAL'
      ? { identifier: [{ system: SOURCE_SYSTEM[reading.source], value: reading.sourceRecordId }] }
      : {}),
    status: 'final',
    category: [
      {
        coding: [{ system: CATEGORY_SYSTEM, code: category, display: CATEGORY_DISPLAY[category] }],
        text: CATEGORY_DISPLAY[category],
      },
    ],
    code: { coding: [loinc(reading.loinc)], text: DISPLAY[reading.loinc] ?? reading.loinc },
    subject,
    ...(reading.effectiveEnd
      ? {
          effectivePeriod: {
            start: reading.effectiveAt.toISOString(),
            end: reading.effectiveEnd.toISOString(),
          },
        }
      : { effectiveDateTime: reading.effectiveAt.toISOString() }),
    issued: reading.updatedAt.toISOString(),
    // Self-reported, by the patient's hand or their phone.
    performer: [subject],
    ...(reading.source !== 'MANUAL' ? { device: { display: SOURCE_DISPLAY[reading.source] } } : {}),
  };

  switch (reading.kind) {
    case 'BLOOD_PRESSURE':
      // Each component coded: never rely on order (domain.md).
      observation.component = [
        {
          code: { coding: [loinc(LOINC.systolic)] },
          valueQuantity: quantity(reading.value, 'mm[Hg]', 'mmHg'),
        },
        {
          code: { coding: [loinc(LOINC.diastolic)] },
          valueQuantity: quantity(reading.value2 ?? 0, 'mm[Hg]', 'mmHg'),
        },
      ];
      break;
    case 'SPO2':
      observation.code = {
        coding: [loinc(LOINC.oxygenSaturation), loinc(LOINC.oxygenSaturationArterial)],
        text: 'Oxygen saturation',
      };
      observation.valueQuantity = quantity(reading.value, '%');
      break;
    case 'TEMPERATURE':
      observation.valueQuantity = quantity(reading.value, 'Cel', '°C');
      if (reading.context)
        observation.bodySite = { text: TEMPERATURE_SITE_TEXT[reading.context] ?? reading.context };
      break;
    case 'HEART_RATE':
      observation.valueQuantity = quantity(reading.value, '/min', 'beats/minute');
      break;
    case 'BLOOD_GLUCOSE':
      observation.valueQuantity = quantity(reading.value, 'mg/dL');
      if (reading.context)
        observation.note = [{ text: GLUCOSE_TIMING_TEXT[reading.context] ?? reading.context }];
      break;
    case 'SLEEP':
      observation.valueQuantity = quantity(reading.value, 'min');
      if (reading.context) observation.note = [{ text: `Sleep quality: ${reading.context.toLowerCase()}` }];
      break;
    case 'STEPS':
      observation.valueQuantity = quantity(reading.value, '/d', 'steps/day');
      break;
    case 'BODY_WEIGHT':
      observation.valueQuantity = quantity(reading.value, 'kg');
      break;
    case 'BODY_HEIGHT':
      observation.valueQuantity = quantity(reading.value, 'cm');
      break;
    case 'BMI':
      observation.valueQuantity = quantity(reading.value, 'kg/m2');
      break;
    case 'EXERCISE':
      observation.valueQuantity = quantity(reading.value, 'min');
      observation.component = [
        {
          code: { coding: [loinc(LOINC.exerciseActivity)] },
          valueCodeableConcept: { text: (reading.context ?? 'OTHER').toLowerCase() },
        },
        ...(reading.value2 !== null
          ? [
              {
                code: { coding: [loinc(LOINC.caloriesBurned)] },
                valueQuantity: quantity(reading.value2, UCUM_KCAL),
              },
            ]
          : []),
      ];
      break;
  }
  return observation;
}

export type IssueCode =
  'invalid' | 'not-found' | 'forbidden' | 'login' | 'exception' | 'not-supported' | 'throttled';

export function operationOutcome(code: IssueCode, diagnostics: string): FhirResource {
  return {
    resourceType: 'OperationOutcome',
    issue: [{ severity: code === 'exception' ? 'fatal' : 'error', code, diagnostics }],
  };
}

/** The CapabilityStatement of `GET …/fhir/R4/metadata`. */
export function capabilityStatement(baseUrl: string, software: { version: string }): FhirResource {
  return {
    resourceType: 'CapabilityStatement',
    status: 'active',
    date: '2026-11-24',
    publisher: 'Smart Care',
    kind: 'instance',
    software: { name: 'Smart Care', version: software.version },
    implementation: { description: 'Smart Care home-care health records', url: baseUrl },
    fhirVersion: '4.0.1',
    format: ['application/fhir+json', 'json'],
    rest: [
      {
        mode: 'server',
        security: {
          cors: true,
          description:
            'Bearer access token of the Smart Care patient app or staff console. A patient reads only their own ' +
            "records; staff read only their hospital's patients.",
        },
        resource: [
          {
            type: 'Patient',
            interaction: [{ code: 'read' }],
            operation: [
              {
                name: 'everything',
                definition: 'http://hl7.org/fhir/OperationDefinition/Patient-everything',
              },
            ],
          },
          {
            type: 'Observation',
            supportedProfile: [
              'http://hl7.org/fhir/StructureDefinition/vitalsigns',
              'http://hl7.org/fhir/StructureDefinition/bodytemp',
              'http://hl7.org/fhir/StructureDefinition/bp',
              'http://hl7.org/fhir/StructureDefinition/heartrate',
              'http://hl7.org/fhir/StructureDefinition/oxygensat',
            ],
            interaction: [{ code: 'read' }, { code: 'search-type' }],
            searchParam: [
              {
                name: 'patient',
                type: 'reference',
                documentation: 'Required for staff; a patient may omit it',
              },
              { name: 'subject', type: 'reference' },
              { name: 'category', type: 'token', documentation: 'vital-signs, activity or laboratory' },
              { name: 'code', type: 'token', documentation: 'LOINC code(s), comma-separated' },
              { name: 'date', type: 'date', documentation: 'ge, gt, le, lt, eq (repeatable)' },
              { name: '_count', type: 'number', documentation: 'Page size, 1–500 (default 50)' },
              { name: '_offset', type: 'number', documentation: 'Paging: the next link carries it' },
              { name: '_sort', type: 'string', documentation: '-date (default) or date' },
            ],
          },
        ],
      },
    ],
  };
}
