import type { ChatMessage, ChatRoom } from '@smartcare/contract/chat';
import type { NurseCall } from '@smartcare/contract/nurse-call';
import type { BrokerClient, BrokerConnectOptions, Realtime } from '@smartcare/web-core/realtime';
import { RealtimeContext } from '@smartcare/web-core/use-realtime';
import { createElement, type ReactElement, type ReactNode } from 'react';
import {
  ConsultingChatContext,
  createConsultingChat,
  type ConsultingChat,
} from '../features/consulting/consulting-realtime';
import { createPatientConnection } from '../lib/realtime-connection';
import { session } from '../lib/session';
import { patientProfile } from './factories';

/** The patient the real-time tests sign in as: 7 at hospital 1 (room 12 in `chatRoom()`). */
export const realtimePatient = patientProfile({
  idx: 7,
  loginId: 'demo',
  choseHospitalIdx: 1,
  choseHospitalName: '서울중앙병원',
});

/** Stores that patient's session, as a login does. */
export function signInRealtimePatient(): void {
  session.setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  session.setLoginId(realtimePatient.loginId);
  session.setMyData(realtimePatient);
}

/** A broker client that the test drives by hand: accept, drop, refuse, deliver. */

type Listener = (...args: never[]) => void;

export class FakeBrokerClient implements BrokerClient {
  connected = false;
  readonly published: { topic: string; payload: unknown }[] = [];
  readonly subscribed: string[] = [];
  readonly unsubscribed: string[] = [];
  /** Topic filters the broker refuses with SUBACK 0x80. */
  refuse = new Set<string>();
  ended = false;
  private readonly listeners = new Map<string, Listener[]>();

  constructor(
    readonly url: string,
    readonly options: BrokerConnectOptions,
  ) {}

  on(event: string, listener: Listener): this {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
    return this;
  }
  removeAllListeners(): this {
    this.listeners.clear();
    return this;
  }
  private emit(event: string, ...args: unknown[]): void {
    for (const listener of this.listeners.get(event) ?? []) (listener as (...a: unknown[]) => void)(...args);
  }
  async subscribeAsync(topic: string) {
    this.subscribed.push(topic);
    return [{ topic, qos: this.refuse.has(topic) ? 128 : 1 }];
  }
  async unsubscribeAsync(topic: string) {
    this.unsubscribed.push(topic);
  }
  async publishAsync(topic: string, message: string) {
    if (!this.connected) throw new Error('client disconnecting');
    this.published.push({ topic, payload: JSON.parse(message) });
  }
  end(): this {
    this.ended = true;
    this.connected = false;
    return this;
  }

  /* the broker's side */
  accept(): void {
    this.connected = true;
    this.emit('connect');
  }
  drop(): void {
    this.connected = false;
    this.emit('close');
  }
  refuseConnection(code?: number): void {
    this.emit('error', Object.assign(new Error('refused'), { code }));
    this.emit('close');
  }
  deliver(topic: string, payload: unknown): void {
    this.emit('message', topic, new TextEncoder().encode(JSON.stringify(payload)));
  }
}

export function chatMessage(overrides: Partial<ChatMessage> = {}): ChatMessage {
  return {
    idx: 1,
    roomIdx: 12,
    hospitalIdx: 1,
    personType: 'PATIENT',
    senderIdx: 7,
    senderName: '김환자',
    content: '안녕하세요',
    clientMsgId: null,
    createdAt: '2026-11-22T01:00:00.000Z',
    ...overrides,
  };
}

export function chatRoom(overrides: Partial<ChatRoom> = {}): ChatRoom {
  return {
    idx: 12,
    hospitalIdx: 1,
    patientIdx: 7,
    patientName: '김환자',
    status: 'WAIT',
    persons: [{ personType: 'PATIENT', idx: 7, name: '김환자' }],
    lastMsg: null,
    botActive: true,
    assigneeIdx: null,
    waitingSince: null,
    firstReplyAt: null,
    lastActivityAt: null,
    createdAt: '2026-11-22T00:00:00.000Z',
    completedAt: null,
    ...overrides,
  };
}

export function nurseCall(overrides: Partial<NurseCall> = {}): NurseCall {
  return {
    idx: 1,
    hospitalIdx: 1,
    patientIdx: 7,
    patientName: '김환자',
    ward: '7병동',
    bed: '703-2',
    reason: 'PAIN',
    priority: 2,
    note: '',
    status: 'REQUESTED',
    requestedAt: '2026-11-22T01:00:00.000Z',
    acknowledgedAt: null,
    acknowledgedByIdx: null,
    acknowledgedByName: null,
    completedAt: null,
    cancelledAt: null,
    escalatedAt: null,
    identityConfirmed: true,
    raisedAt: null,
    birthDate: null,
    sex: null,
    allergies: '',
    staffNote: '',
    ...overrides,
  };
}

/**
 * A connection and chat of the test's own (as the app has them), whose connections are fake
 * clients the test can reach. `rt` is the chat (which starts and stops the session's
 * connection); `connection` is what features subscribe and publish on. Pass `clients` to
 * collect the connections of several (a reload: a new connection over the same storage).
 */
export function createTestRealtime(clients: FakeBrokerClient[] = []) {
  const connection = createPatientConnection({
    connect: (url, options) => {
      const client = new FakeBrokerClient(url, options);
      clients.push(client);
      return client;
    },
    backoff: () => 5,
    url: () => 'ws://test.local/mqtt',
  });
  const rt = createConsultingChat(connection);
  return { rt, connection, clients };
}

/** Hands a screen the test's connection and chat, as the app's root hands it the app's. */
export function withRealtime(
  test: { rt: ConsultingChat; connection: Realtime },
  children: ReactNode,
): ReactElement {
  return createElement(
    RealtimeContext.Provider,
    { value: test.connection },
    createElement(ConsultingChatContext.Provider, { value: test.rt }, children),
  );
}
