import { randomBytes } from 'node:crypto';
import { API_PREFIX, apiPaths } from '@smartcare/contract/api-paths';
import type { TokenPair } from '@smartcare/contract/auth';
import type { Envelope } from '@smartcare/contract/envelope';
import type { Hospital } from '@smartcare/contract/hospital';
import type { StaffRole } from '@smartcare/contract/staff';
import { hashPassword } from '../lib/passwords.ts';
import type { SqlQueryable } from '../plugins/db/database.ts';
import { hospitalRepository, type NewHospital } from '../modules/hospital/hospital.repository.ts';
import { patientRepository, type NewPatient } from '../modules/patient/patient.repository.ts';
import { staffRepository } from '../modules/staff/staff.repository.ts';

export const TEST_PASSWORD = 'Test1234!';

const unique = (prefix: string) => `${prefix}${randomBytes(4).toString('hex')}`;

/** Hashing once per password keeps factories fast (argon2id is slow on purpose). */
const hashes = new Map<string, Promise<string>>();
const hashOf = (password: string) => {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  return hashes.get(password)!;
};

export function createHospital(db: SqlQueryable, overrides: Partial<NewHospital> = {}): Promise<Hospital> {
  return hospitalRepository.insert(db, {
    name: overrides.name ?? unique('테스트병원 '),
    address: '서울특별시 종로구 대학로 101',
    phone: '02-1234-5678',
    areas: ['HOSPITAL', 'HOMECARE'],
    ...overrides,
  });
}

export interface CreatedAccount {
  idx: number;
  loginId: string;
  password: string;
}

export async function createPatient(
  db: SqlQueryable,
  overrides: Partial<Omit<NewPatient, 'passwordHash'>> & { password?: string } = {},
): Promise<CreatedAccount> {
  const { password = TEST_PASSWORD, ...fields } = overrides;
  const created = await patientRepository.insert(db, {
    loginId: unique('patient'),
    name: '김환자',
    email: `${unique('p')}@example.com`,
    ...fields,
    passwordHash: await hashOf(password),
  });
  return { ...created, password };
}

export async function createStaff(
  db: SqlQueryable,
  overrides: {
    hospitalIdx?: number;
    role?: StaffRole;
    loginId?: string;
    name?: string;
    password?: string;
  } = {},
): Promise<CreatedAccount & { hospitalIdx: number; role: StaffRole }> {
  const { password = TEST_PASSWORD } = overrides;
  const hospitalIdx = overrides.hospitalIdx ?? (await createHospital(db)).idx;
  const role = overrides.role ?? 'NURSE';
  const created = await staffRepository.insert(db, {
    loginId: overrides.loginId ?? unique('staff'),
    name: overrides.name ?? '이간호',
    role,
    hospitalIdx,
    passwordHash: await hashOf(password),
  });
  return { ...created, password, hospitalIdx, role };
}

export interface ApiResponse<T> extends Envelope<T> {
  status: number;
  headers: Headers;
}

export interface ApiCallOptions {
  token?: string;
  body?: unknown;
  /** Sent as-is (for malformed JSON tests); wins over `body`. */
  rawBody?: string;
  query?: Record<string, string | number | undefined>;
  headers?: Record<string, string>;
}

/** A fetch helper over real HTTP that returns the parsed envelope and the status. */
export function api(baseUrl: string) {
  async function call<T = unknown>(
    method: string,
    path: string,
    options: ApiCallOptions = {},
  ): Promise<ApiResponse<T>> {
    const url = new URL(`${baseUrl}${API_PREFIX}${path}`);
    for (const [key, value] of Object.entries(options.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    const headers: Record<string, string> = { ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let body: string | undefined;
    if (options.rawBody !== undefined) body = options.rawBody;
    else if (options.body !== undefined) body = JSON.stringify(options.body);
    if (body !== undefined) headers['content-type'] ??= 'application/json';
    const response = await fetch(url, { method, headers, body });
    const text = await response.text();
    const envelope = (text ? JSON.parse(text) : { code: NaN, description: '', data: null }) as Envelope<T>;
    return { ...envelope, status: response.status, headers: response.headers };
  }
  return {
    call,
    get: <T = unknown>(path: string, options?: ApiCallOptions) => call<T>('GET', path, options),
    post: <T = unknown>(path: string, options?: ApiCallOptions) => call<T>('POST', path, options),
    put: <T = unknown>(path: string, options?: ApiCallOptions) => call<T>('PUT', path, options),
    delete: <T = unknown>(path: string, options?: ApiCallOptions) => call<T>('DELETE', path, options),
  };
}

async function login(
  baseUrl: string,
  path: string,
  account: { loginId: string; password: string },
): Promise<TokenPair> {
  const response = await api(baseUrl).post<TokenPair>(path, {
    body: { loginId: account.loginId, password: account.password },
  });
  if (response.code !== 0 || !response.data)
    throw new Error(`login failed for ${account.loginId}: ${response.code} ${response.description}`);
  // Staff get their refresh token as an HttpOnly cookie (issue 10 point 19): tests send it as the header.
  const cookie = /smartcareStaffRefresh=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1];
  if (!response.data.refreshToken && cookie)
    return { ...response.data, refreshToken: decodeURIComponent(cookie) };
  return response.data;
}

export const loginPatient = (baseUrl: string, account: { loginId: string; password: string }) =>
  login(baseUrl, apiPaths.patient.login, account);
export const loginStaff = (baseUrl: string, account: { loginId: string; password: string }) =>
  login(baseUrl, apiPaths.staff.login, account);
