import type { TelemedicineVisit } from '@smartcare/contract/telemedicine';

/** A staff-side visit for the screen tests, WAITING since two minutes before `now`. */
export function visit(overrides: Partial<TelemedicineVisit> = {}): TelemedicineVisit {
  return {
    visitIdx: 31,
    hospitalIdx: 1,
    hospitalName: '스마트병원',
    patientIdx: 3,
    patientName: '김하늘',
    patientAge: 72,
    patientSex: 'F',
    clinician: { staffIdx: 7, name: '김간호', role: 'NURSE' },
    department: '가정의학과',
    scheduledAt: '2026-11-25T01:00:00.000Z',
    durationMin: 15,
    reason: '혈압약 조정 상담',
    preparation: null,
    status: 'BOOKED',
    enterOpensAt: '2026-11-25T00:50:00.000Z',
    enterClosesAt: '2026-11-25T01:15:00.000Z',
    canEnter: false,
    waitingSince: null,
    queue: null,
    callStartedAt: null,
    callEndedAt: null,
    summary: null,
    request: null,
    deviceCheck: null,
    history: [],
    ...overrides,
  };
}
