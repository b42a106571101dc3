import type { Hospital } from '@smartcare/contract/hospital';
import type { MyData, PatientProfile } from '@smartcare/contract/patient';
import type { Consent, TermsSummary } from '@smartcare/contract/terms';

/** Small factories with overrides (style.md habit 10), shared by the app's tests. */
export function patientProfile(overrides: Partial<PatientProfile> = {}): PatientProfile {
  return {
    idx: 7,
    loginId: 'demo',
    name: '김환자',
    description: '',
    birthDate: '1950-03-01',
    sex: 'F',
    phone: '010-1234-5678',
    email: 'demo@example.com',
    areas: ['HOSPITAL'],
    choseHospitalIdx: null,
    choseHospitalName: null,
    ward: null,
    bed: null,
    createdAt: '2026-01-02T03:04:05.000Z',
    deletionDueAt: null,
    ...overrides,
  };
}

export function hospital(overrides: Partial<Hospital> = {}): Hospital {
  return {
    idx: 1,
    name: '서울중앙병원',
    address: '서울특별시 중구 을지로 1',
    phone: '02-123-4567',
    areas: ['HOSPITAL', 'HOMECARE'],
    ...overrides,
  };
}

export function myData(overrides: Partial<MyData> = {}): MyData {
  return {
    profile: patientProfile(),
    bodyInfo: {
      heightCm: null,
      weightKg: null,
      bloodType: null,
      allergies: '',
      chronicConditions: '',
      medications: '',
      emergencyContactName: '',
      emergencyContactPhone: '',
    },
    alarmSettings: {
      chat: true,
      nurseCall: true,
      medication: true,
      schedule: true,
      notice: true,
      qna: true,
      document: true,
      marketing: false,
      marketingNight: false,
      quietHoursEnabled: false,
      quietHoursStart: '22:00',
      quietHoursEnd: '07:00',
    },
    consents: [],
    ...overrides,
  };
}

export function termsSummary(overrides: Partial<TermsSummary> = {}): TermsSummary {
  return {
    termsCode: 'SERVICE',
    version: 1,
    title: '서비스 이용약관',
    required: true,
    effectiveAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function consent(overrides: Partial<Consent> = {}): Consent {
  return {
    termsCode: 'SERVICE',
    version: 1,
    title: '서비스 이용약관',
    required: true,
    agreed: true,
    agreedAt: '2026-01-02T00:00:00.000Z',
    ...overrides,
  };
}

export function ok<T>(data: T) {
  return { code: 0, description: '성공', data };
}

export function fail(code: number, description = '', data: unknown = null) {
  return { code, description, data };
}
