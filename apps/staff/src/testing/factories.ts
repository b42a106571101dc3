import type { ChatMessage, ChatRoomSummary } from '@smartcare/contract/chat';
import type { NurseCall } from '@smartcare/contract/nurse-call';
import { nurseCallPriority } from '@smartcare/contract/nurse-call';
import type { Page } from '@smartcare/contract/paging';
import type { StaffProfile } from '@smartcare/contract/staff';

let sequence = 1000;
const next = () => (sequence += 1);

/** Minutes before now as an ISO time, to build waiting times. */
export const minutesAgo = (minutes: number, from = Date.now()) =>
  new Date(from - minutes * 60_000).toISOString();

export function staffProfile(overrides: Partial<StaffProfile> = {}): StaffProfile {
  return {
    idx: 7,
    loginId: 'nurse01',
    name: '김간호',
    role: 'NURSE',
    hospitalIdx: 1,
    hospitalName: '스마트병원',
    ...overrides,
  };
}

export function chatMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  const idx = overrides.idx ?? next();
  return {
    idx,
    roomIdx: 11,
    hospitalIdx: 1,
    personType: 'PATIENT',
    senderIdx: 501,
    senderName: '홍길동',
    content: `메시지 ${idx}`,
    clientMsgId: null,
    createdAt: minutesAgo(5),
    ...overrides,
  };
}

export function chatRoom(overrides: Partial<ChatRoomSummary> = {}): ChatRoomSummary {
  const idx = overrides.idx ?? next();
  return {
    idx,
    hospitalIdx: 1,
    patientIdx: 500 + idx,
    patientName: `환자${idx}`,
    status: 'WAIT',
    persons: [],
    lastMsg: null,
    botActive: false,
    assigneeIdx: null,
    waitingSince: minutesAgo(3),
    firstReplyAt: null,
    lastActivityAt: minutesAgo(3),
    createdAt: minutesAgo(30),
    completedAt: null,
    unreadCount: 0,
    ...overrides,
  };
}

export function nurseCall(overrides: Partial<NurseCall> = {}): NurseCall {
  const reason = overrides.reason ?? 'PAIN';
  return {
    idx: next(),
    hospitalIdx: 1,
    patientIdx: 501,
    patientName: '홍길동',
    ward: '7병동',
    bed: '701-2',
    reason,
    priority: nurseCallPriority[reason],
    note: '',
    status: 'REQUESTED',
    requestedAt: minutesAgo(2),
    acknowledgedAt: null,
    acknowledgedByIdx: null,
    acknowledgedByName: null,
    completedAt: null,
    cancelledAt: null,
    escalatedAt: null,
    identityConfirmed: true,
    raisedAt: null,
    birthDate: '1950-03-01',
    sex: 'F',
    allergies: '',
    staffNote: '',
    ...overrides,
  };
}

export function page<T>(dataList: T[], pNum = 1, pSize = 30, totalCount = dataList.length): Page<T> {
  return { dataList, pNum, pSize, totalCount };
}
