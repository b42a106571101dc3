import { randomBytes } from 'node:crypto';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { TokenPair } from '@smartcare/contract/auth';
import type { CareArea, Hospital } from '@smartcare/contract/hospital';
import type { PatientProfile, SignUpBody } from '@smartcare/contract/patient';
import type { TermsSummary } from '@smartcare/contract/terms';
import type { Api } from './api.ts';

/** Unique per call, valid for LOGIN_ID_PATTERN (4–20 of a-z, 0-9, _ and -). */
export function uniqueLoginId(prefix: string): string {
  const suffix = `${Date.now().toString(36).slice(-5)}${randomBytes(3).toString('hex')}`;
  return `${prefix.slice(0, 20 - suffix.length)}${suffix}`;
}

/**
 * A Korean name unique per call: the base plus two syllables. A test that picks its patient by
 * name from the hospital's list needs it, since a retry (or --repeat-each) signs up the same
 * base name again in the same hospital.
 */
export function uniqueKoreanName(base: string): string {
  const syllables = '가나다라마바사아자차카타파하';
  const [a, b] = randomBytes(2);
  return `${base}${syllables[a! % syllables.length]}${syllables[b! % syllables.length]}`;
}

export interface TestPatient {
  idx: number;
  loginId: string;
  password: string;
  name: string;
  tokens: TokenPair;
  profile: PatientProfile;
}

export interface PatientOverrides {
  name?: string;
  password?: string;
  area?: CareArea;
  /** A hospital to choose after sign-up (chat needs one, spec §5); `null` leaves it unchosen. Default: the first hospital. */
  hospitalIdx?: number | null;
  /** Optional terms to agree to as well as every required one. */
  optionalTerms?: SignUpBody['agreedTermsCodes'];
  ward?: string;
  bed?: string;
}

/**
 * Signs a fresh patient up through the public API, exactly as the app's sign-up does,
 * so no test shares an account (and its chat room, calls or settings) with another.
 */
export async function createPatient(api: Api, overrides: PatientOverrides = {}): Promise<TestPatient> {
  const loginId = uniqueLoginId('pt');
  const password = overrides.password ?? 'Test1234!';
  const name = overrides.name ?? `테스트환자${loginId.slice(-4)}`;
  const terms = await api.data<TermsSummary[]>('GET', apiPaths.terms.getTermsList);
  const agreed = [
    ...new Set([
      ...terms.filter((t) => t.required).map((t) => t.termsCode),
      ...(overrides.optionalTerms ?? []),
    ]),
  ];
  const body: SignUpBody = {
    loginId,
    name,
    email: `${loginId}@example.test`,
    password,
    passwordConfirm: password,
    area: overrides.area ?? 'HOSPITAL',
    agreedTermsCodes: agreed,
  };
  const { idx } = await api.data<{ idx: number; loginId: string }>('POST', apiPaths.patient.signUp, { body });
  const tokens = await api.loginPatient(loginId, password);

  let hospitalIdx = overrides.hospitalIdx;
  if (hospitalIdx === undefined) {
    const hospitals = await api.data<Hospital[]>('GET', apiPaths.hospital.getHospitalList);
    const area = overrides.area ?? 'HOSPITAL';
    hospitalIdx = (hospitals.find((h) => h.areas.includes(area)) ?? hospitals[0])?.idx ?? null;
  }
  const update: Record<string, unknown> = {};
  if (hospitalIdx !== null) update.choseHospitalIdx = hospitalIdx;
  if (overrides.ward) update.ward = overrides.ward;
  if (overrides.bed) update.bed = overrides.bed;
  if (Object.keys(update).length > 0) {
    await api.data('PUT', apiPaths.patient.updateMyData, { token: tokens.accessToken, body: update });
  }
  const profile = await api.data<PatientProfile>('GET', apiPaths.patient.getPatient, {
    token: tokens.accessToken,
  });
  return { idx, loginId, password, name, tokens, profile };
}
