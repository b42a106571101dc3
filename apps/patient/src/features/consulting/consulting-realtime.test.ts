import { apiPaths } from '@smartcare/contract/api-paths';
import type { ChatMessage } from '@smartcare/contract/chat';
import { PUBLISH_REFUSED_TOPIC, topics, type PublishRefusal } from '@smartcare/contract/topics';
import { ResultCode } from '@smartcare/contract/result-code-values';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { storageKeys } from '../../lib/storage-keys';
import { toast } from '../../lib/toast';
import { ok, patientProfile } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import type { FakeBrokerClient } from '../../testing/realtime-fakes';
import { chatMessage, chatRoom, createTestRealtime } from '../../testing/realtime-fakes';
import type { ConsultingChat } from './consulting-realtime';

// Moved from lib/realtime.test.ts with the chat (issue 11); assertions as they were. The
// nurse-call topic's are in features/nurse-call, the session's in app/realtime-session.test.ts.

/** A room that does not exist yet: the server answers without idx (spec §3). */
const NO_ROOM = chatRoom({ idx: undefined, status: 'NONE', persons: [] });

const flush = () => vi.waitFor(() => undefined);

let clients: FakeBrokerClient[];
let rt: ConsultingChat;
const profile = patientProfile({
  idx: 7,
  loginId: 'demo',
  choseHospitalIdx: 1,
  choseHospitalName: '서울중앙병원',
});

/** The server has the patient in room 12 with these messages stored. */
function serveRoom12(stored: () => ChatMessage[] = () => []) {
  return mockApi({
    [`GET ${apiPaths.chat.currentRoom}`]: () => ({ body: ok(chatRoom()) }),
    [`GET ${apiPaths.chat.messages}`]: () => {
      const dataList = stored();
      return { body: ok({ dataList, totalCount: dataList.length, pNum: 1, pSize: 30 }) };
    },
  });
}

function lastClient(): FakeBrokerClient {
  const client = clients.at(-1);
  if (!client) throw new Error('no connection was opened');
  return client;
}

/** A new connection and chat over the same localStorage: what the app has after a reload. */
function newRealtime(): ConsultingChat {
  return createTestRealtime(clients).rt;
}

beforeEach(() => {
  clients = [];
  session.setTokens({ accessToken: 'access-1', refreshToken: 'refresh-1' });
  session.setLoginId('demo');
  session.setMyData(profile);
  rt = newRealtime();
});

afterEach(() => {
  rt.stop();
  vi.unstubAllGlobals();
});

describe('connecting', () => {
  it('connects as the patient with the access token, fetches the room and subscribes to it', async () => {
    serveRoom12(() => [chatMessage()]);
    rt.start(profile);
    await vi.waitFor(() => expect(clients).toHaveLength(1));
    const client = lastClient();
    expect(client.options).toMatchObject({
      protocolVersion: 4,
      clean: true,
      connectTimeout: 60_000,
      timerVariant: 'native',
      username: 'demo',
      password: 'access-1',
    });
    client.accept();
    await vi.waitFor(() => expect(rt.snapshot().load).toBe('ready'));
    expect(client.subscribed).toContain(topics.chatRoomAll(12));
    expect(rt.snapshot().messages.map((m) => m.content)).toEqual(['안녕하세요']);
  });

  it('does not connect at all while no hospital is chosen (spec §5)', async () => {
    rt.start(patientProfile({ idx: 7, choseHospitalIdx: null }));
    await flush();
    expect(clients).toHaveLength(0);
    expect(rt.snapshot().connection).toBe('idle');
  });

  it('gives every connection its own client id', async () => {
    mockApi({ [`GET ${apiPaths.chat.currentRoom}`]: () => ({ body: ok(NO_ROOM) }) });
    rt.start(profile);
    await vi.waitFor(() => expect(clients).toHaveLength(1));
    lastClient().refuseConnection();
    await vi.waitFor(() => expect(clients).toHaveLength(2));
    expect(clients[0]!.options.clientId).not.toBe(clients[1]!.options.clientId);
  });
});

describe('a patient without a room yet', () => {
  it('listens on the negative patient number, then moves to the room the server created and keeps the pending message', async () => {
    mockApi({
      [`GET ${apiPaths.chat.currentRoom}`]: () => ({ body: ok(NO_ROOM) }),
      [`GET ${apiPaths.chat.messages}`]: () => ({
        body: ok({ dataList: [], totalCount: 0, pNum: 1, pSize: 30 }),
      }),
    });
    rt.start(profile);
    await vi.waitFor(() => expect(clients).toHaveLength(1));
    const client = lastClient();
    client.accept();
    await vi.waitFor(() => expect(rt.snapshot().load).toBe('ready'));
    expect(client.subscribed).toContain('chat/-7/#');

    const sent = rt.chat.send('면회 시간이 어떻게 되나요?')!;
    await vi.waitFor(() => expect(client.published).toHaveLength(1));
    expect(client.published[0]).toEqual({
      topic: 'chat/-7/message',
      payload: { clientMsgId: sent.clientMsgId, content: '면회 시간이 어떻게 되나요?' },
    });

    // The server created room 12 and says so on the old topic; then delivers the stored message there.
    client.deliver('chat/-7/create', { room: chatRoom({ idx: 12 }) });
    expect(rt.snapshot().roomIdx).toBe(12);
    expect(rt.snapshot().pending).toHaveLength(1);
    await vi.waitFor(() => expect(client.subscribed).toContain('chat/12/#'));
    await vi.waitFor(() => expect(client.unsubscribed).toContain('chat/-7/#'));

    client.deliver(
      'chat/12/message',
      chatMessage({ idx: 40, content: '면회 시간이 어떻게 되나요?', clientMsgId: sent.clientMsgId }),
    );
    expect(rt.snapshot().pending).toHaveLength(0);
    expect(rt.snapshot().messages.map((m) => m.idx)).toEqual([40]);
  });
});

describe('offline', () => {
  it('queues messages while disconnected and sends them on reconnect with the same clientMsgId', async () => {
    let page: ChatMessage[] = [chatMessage({ idx: 1 })];
    mockApi({
      [`GET ${apiPaths.chat.currentRoom}`]: () => ({ body: ok(chatRoom()) }),
      [`GET ${apiPaths.chat.messages}`]: () => ({
        body: ok({ dataList: page, totalCount: page.length, pNum: 1, pSize: 30 }),
      }),
    });
    rt.start(profile);
    await vi.waitFor(() => expect(clients).toHaveLength(1));
    const first = lastClient();
    first.accept();
    await vi.waitFor(() => expect(rt.snapshot().load).toBe('ready'));

    first.drop();
    expect(rt.snapshot().connection).toBe('reconnecting');
    const queued = rt.chat.send('약은 언제 먹나요?')!;
    expect(rt.snapshot().pending[0]).toMatchObject({ clientMsgId: queued.clientMsgId, state: 'queued' });
    expect(first.published).toHaveLength(0);

    // While away, staff answered: the catch-up after the reconnect brings it.
    page = [
      chatMessage({ idx: 1 }),
      chatMessage({
        idx: 2,
        personType: 'USER',
        senderIdx: 3,
        senderName: '이간호',
        content: '식후 30분입니다',
      }),
    ];
    await vi.waitFor(() => expect(clients).toHaveLength(2));
    const second = lastClient();
    second.accept();
    await vi.waitFor(() => expect(second.published).toHaveLength(1));
    expect(second.published[0]).toEqual({
      topic: 'chat/12/message',
      payload: { clientMsgId: queued.clientMsgId, content: '약은 언제 먹나요?' },
    });
    expect(rt.snapshot().messages.map((m) => m.idx)).toEqual([1, 2]);
  });

  it('sends a message again with the same id when the connection dropped before the server confirmed it', async () => {
    serveRoom12();
    rt.start(profile);
    await vi.waitFor(() => expect(clients).toHaveLength(1));
    lastClient().accept();
    await vi.waitFor(() => expect(rt.snapshot().load).toBe('ready'));
    const message = rt.chat.send('안녕하세요')!;
    await vi.waitFor(() => expect(lastClient().published).toHaveLength(1));
    expect(rt.snapshot().pending[0]!.state).toBe('sending');

    lastClient().drop();
    expect(rt.snapshot().pending[0]!.state).toBe('queued');
    await vi.waitFor(() => expect(clients).toHaveLength(2));
    lastClient().accept();
    await vi.waitFor(() => expect(lastClient().published).toHaveLength(1));
    expect((lastClient().published[0]!.payload as { clientMsgId: string }).clientMsgId).toBe(
      message.clientMsgId,
    );
  });

  it('does not send again what the catch-up shows the server already stored', async () => {
    let stored: ChatMessage[] = [];
    mockApi({
      [`GET ${apiPaths.chat.currentRoom}`]: () => ({ body: ok(chatRoom()) }),
      [`GET ${apiPaths.chat.messages}`]: () => ({
        body: ok({ dataList: stored, totalCount: stored.length, pNum: 1, pSize: 30 }),
      }),
    });
    rt.start(profile);
    await vi.waitFor(() => expect(clients).toHaveLength(1));
    lastClient().accept();
    await vi.waitFor(() => expect(rt.snapshot().load).toBe('ready'));
    const message = rt.chat.send('안녕하세요')!;
    await vi.waitFor(() => expect(lastClient().published).toHaveLength(1));
    stored = [chatMessage({ idx: 5, clientMsgId: message.clientMsgId })];
    lastClient().drop();
    await vi.waitFor(() => expect(clients).toHaveLength(2));
    lastClient().accept();
    await vi.waitFor(() => expect(rt.snapshot().messages.map((m) => m.idx)).toEqual([5]));
    expect(rt.snapshot().pending).toHaveLength(0);
    expect(lastClient().published).toHaveLength(0);
  });
});

describe('room events', () => {
  async function connectedInRoom12() {
    serveRoom12();
    rt.start(profile);
    await vi.waitFor(() => expect(clients).toHaveLength(1));
    lastClient().accept();
    await vi.waitFor(() => expect(rt.snapshot().load).toBe('ready'));
    return lastClient();
  }

  it('adds a person on enter, takes the room on update, ignores change, and tells listeners the room number on complete', async () => {
    const client = await connectedInRoom12();
    const completed: number[] = [];
    rt.chat.onComplete((roomIdx) => completed.push(roomIdx));

    client.deliver('chat/12/enter', { roomIdx: 12, person: { personType: 'USER', idx: 3, name: '이간호' } });
    expect(rt.snapshot().room!.persons.map((p) => p.name)).toEqual(['김환자', '이간호']);
    client.deliver('chat/12/update', { room: chatRoom({ status: 'STANDBY' }) });
    expect(rt.snapshot().room!.status).toBe('STANDBY');
    client.deliver('chat/12/change', { room: chatRoom({ status: 'NONE' }) });
    expect(rt.snapshot().room!.status).toBe('STANDBY');
    client.deliver('chat/12/complete', { roomIdx: 12 });
    expect(rt.snapshot().room!.status).toBe('COMPLETE');
    expect(completed).toEqual([12]);
  });

  it('publishes complete with an empty object', async () => {
    const client = await connectedInRoom12();
    await rt.chat.complete();
    expect(client.published).toEqual([{ topic: 'chat/12/complete', payload: {} }]);
  });

  it('ignores payloads that do not fit the contract, and goes on with the next good one (issue 11)', async () => {
    const client = await connectedInRoom12();
    const before = rt.snapshot();

    // A message without its text and time, a room that is not one, a person without a name:
    // none of them may reach the screens (nurse-call events: features/nurse-call).
    client.deliver('chat/12/message', { idx: 50, roomIdx: 12 });
    client.deliver('chat/12/update', { room: { idx: 12, status: 'STANDBY' } });
    client.deliver('chat/12/enter', { roomIdx: 12, person: { personType: 'USER', idx: 3 } });
    expect(rt.snapshot().messages).toEqual(before.messages);
    expect(rt.snapshot().room).toEqual(before.room);

    const good = chatMessage({ idx: 51, roomIdx: 12, content: '괜찮아요' });
    client.deliver('chat/12/message', good);
    expect(rt.snapshot().messages.map((m) => m.content)).toContain('괜찮아요');
  });
});

describe('errors the patient is told about (spec §8)', () => {
  it('shows the connection toast once when the broker cannot be reached, and keeps trying', async () => {
    mockApi({ [`GET ${apiPaths.chat.currentRoom}`]: () => ({ body: ok(chatRoom()) }) });
    rt.start(profile);
    await vi.waitFor(() => expect(clients).toHaveLength(1));
    lastClient().refuseConnection();
    expect(toast.items().map((item) => item.message)).toEqual(['웹 소켓 연결시 문제가 발생했습니다.']);
    await vi.waitFor(() => expect(clients).toHaveLength(2));
    toast.clear();
    lastClient().refuseConnection();
    await vi.waitFor(() => expect(clients).toHaveLength(3));
    expect(toast.items()).toEqual([]);
  });

  it('shows the subscription toast when the broker refuses the room (SUBACK 0x80)', async () => {
    serveRoom12();
    rt.start(profile);
    await vi.waitFor(() => expect(clients).toHaveLength(1));
    lastClient().refuse.add('chat/12/#');
    lastClient().accept();
    await vi.waitFor(() =>
      expect(toast.items().map((item) => item.message)).toContain('채팅방 구독 중 문제가 발생했습니다.'),
    );
  });

  it('refreshes an expired token before connecting again after the broker refused it', async () => {
    const api = mockApi({
      [`POST ${apiPaths.patient.refresh}`]: () => ({
        body: ok({ accessToken: 'access-2', refreshToken: 'refresh-2' }),
      }),
    });
    rt.start(profile);
    await vi.waitFor(() => expect(clients).toHaveLength(1));
    lastClient().refuseConnection(4);
    await vi.waitFor(() => expect(clients).toHaveLength(2));
    expect(api.calls(`POST ${apiPaths.patient.refresh}`)).toBe(1);
    expect(lastClient().options.password).toBe('access-2');
  });
});

describe('an access token that has run out', () => {
  it('is refreshed through the API client before the broker ever sees it', async () => {
    const expired = `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) - 60 }))}.s`;
    session.setTokens({ accessToken: expired, refreshToken: 'refresh-1' });
    const api = mockApi({
      [`POST ${apiPaths.patient.refresh}`]: () => ({
        body: ok({ accessToken: 'fresh', refreshToken: 'refresh-2' }),
      }),
    });
    rt.start(profile);
    await vi.waitFor(() => expect(clients).toHaveLength(1));
    expect(api.calls(`POST ${apiPaths.patient.refresh}`)).toBe(1);
    expect(lastClient().options.password).toBe('fresh');
  });

  it('ends the connection when the refresh says the patient must log in again', async () => {
    const expired = `h.${btoa(JSON.stringify({ exp: Math.floor(Date.now() / 1000) - 60 }))}.s`;
    session.setTokens({ accessToken: expired, refreshToken: 'refresh-1' });
    mockApi({
      [`POST ${apiPaths.patient.refresh}`]: () => ({
        status: 400,
        body: { code: -1, description: '', data: null },
      }),
    });
    rt.start(profile);
    await vi.waitFor(() => expect(rt.snapshot().connection).toBe('idle'));
    expect(clients).toHaveLength(0);
    expect(session.isLoggedIn()).toBe(false);
  });
});

/** A token shaped like the server's: a JWT whose payload says when it was issued and when it runs out. */
function jwt(issuedAtMs: number, lifetimeS = 900): string {
  const iat = Math.floor(issuedAtMs / 1000);
  return `h.${btoa(JSON.stringify({ sub: 'demo', iat, exp: iat + lifetimeS }))}.s`;
}

/** The server's pages of a room: newest first, page by page. */
function pagesOf(stored: () => ChatMessage[]) {
  return (request: { query: URLSearchParams }) => {
    const pNum = Number(request.query.get('pNum'));
    const pSize = Number(request.query.get('pSize'));
    const newestFirst = [...stored()].sort((a, b) => b.idx - a.idx);
    const dataList = newestFirst.slice((pNum - 1) * pSize, pNum * pSize);
    return { body: ok({ dataList, totalCount: newestFirst.length, pNum, pSize }) };
  };
}

describe('a token that runs out while connected (the broker ends such a connection)', () => {
  const REFRESH = `POST ${apiPaths.patient.refresh}`;

  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Connected in room 12 with a 15-minute token; returns what the test needs to watch. */
  async function connectedWithToken(stored: () => ChatMessage[], refreshed: () => unknown) {
    const issued = Date.now();
    session.setTokens({ accessToken: jwt(issued), refreshToken: 'refresh-1' });
    const api = mockApi({
      [`GET ${apiPaths.chat.currentRoom}`]: () => ({ body: ok(chatRoom()) }),
      [`GET ${apiPaths.chat.messages}`]: pagesOf(stored),
      [REFRESH]: () => refreshed() as { body: unknown },
    });
    rt.start(profile);
    await vi.waitFor(() => expect(clients).toHaveLength(1));
    const first = lastClient();
    first.accept();
    await vi.waitFor(() => expect(rt.snapshot().load).toBe('ready'));
    const connections: string[] = [];
    rt.subscribe(() => connections.push(rt.snapshot().connection));
    const reconnects = { count: 0 };
    rt.onReconnect(() => (reconnects.count += 1));
    return { api, first, issued, connections, reconnects };
  }

  it('is renewed shortly before expiry on a new connection, quietly, and nothing is lost in the swap', async () => {
    let stored = [chatMessage({ idx: 1 })];
    let fresh = '';
    const { api, first, issued, connections, reconnects } = await connectedWithToken(
      () => stored,
      () => {
        fresh = jwt(Date.now());
        return { body: ok({ accessToken: fresh, refreshToken: 'refresh-2' }) };
      },
    );
    // On its way when the renewal starts: it must still arrive, with its id.
    const message = rt.chat.send('진통제 부탁드려요')!;
    await vi.waitFor(() => expect(first.published).toHaveLength(1));

    await vi.advanceTimersByTimeAsync(issued + 860_000 - Date.now());
    expect(clients).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(10_000);
    await vi.waitFor(() => expect(clients).toHaveLength(2));
    expect(api.calls(REFRESH)).toBe(1);
    const second = lastClient();
    expect(second.options.password).toBe(fresh);
    expect(second.options.clientId).not.toBe(first.options.clientId);
    // The old connection serves until the new one listens: a message meanwhile still arrives.
    expect(first.ended).toBe(false);
    first.deliver(
      'chat/12/message',
      chatMessage({ idx: 2, personType: 'USER', senderIdx: 3, content: '네' }),
    );
    // Stored while neither connection delivered it: the catch-up after the swap brings it.
    stored = [
      chatMessage({ idx: 1 }),
      chatMessage({ idx: 2, personType: 'USER', senderIdx: 3, content: '네' }),
      chatMessage({ idx: 3, personType: 'USER', senderIdx: 3, content: '곧 갈게요' }),
    ];

    second.accept();
    await vi.waitFor(() => expect(first.ended).toBe(true));
    expect(second.subscribed).toEqual(expect.arrayContaining([topics.chatRoomAll(12)]));
    await vi.waitFor(() => expect(rt.snapshot().messages.map((m) => m.idx)).toEqual([1, 2, 3]));
    await vi.waitFor(() => expect(second.published).toHaveLength(1));
    expect(second.published[0]).toEqual({
      topic: 'chat/12/message',
      payload: { clientMsgId: message.clientMsgId, content: '진통제 부탁드려요' },
    });
    // The swap is not a failed attempt of the message's.
    expect(rt.snapshot().pending).toMatchObject([{ clientMsgId: message.clientMsgId, attempts: 1 }]);
    expect(reconnects.count).toBe(1);

    // The broker ends the old connection at its expiry: that is no longer ours to hear.
    first.drop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(clients).toHaveLength(2);
    expect(toast.items()).toEqual([]);
    expect(connections).not.toContain('reconnecting');
    expect(rt.snapshot().connection).toBe('connected');

    // And the next renewal comes before the new token runs out.
    await vi.advanceTimersByTimeAsync(900_000);
    await vi.waitFor(() => expect(clients).toHaveLength(3));
    expect(api.calls(REFRESH)).toBe(2);
  });

  it('after a sleep past the renewal, a close at expiry reconnects at once with a fresh token and no toast', async () => {
    const stored = [chatMessage({ idx: 1 })];
    let fresh = '';
    const { api, first, connections, reconnects } = await connectedWithToken(
      () => stored,
      () => {
        fresh = jwt(Date.now());
        return { body: ok({ accessToken: fresh, refreshToken: 'refresh-2' }) };
      },
    );
    // The phone slept: the clock moved on, the renewal timer did not run.
    vi.setSystemTime(Date.now() + 901_000);
    first.drop();
    const queued = rt.chat.send('일어났어요')!;

    await vi.waitFor(() => expect(clients).toHaveLength(2));
    expect(api.calls(REFRESH)).toBe(1);
    expect(lastClient().options.password).toBe(fresh);
    lastClient().accept();
    await vi.waitFor(() => expect(lastClient().published).toHaveLength(1));
    expect(lastClient().published[0]!.payload).toEqual({
      clientMsgId: queued.clientMsgId,
      content: '일어났어요',
    });
    expect(reconnects.count).toBe(1);
    expect(toast.items()).toEqual([]);
    expect(connections).not.toContain('reconnecting');
  });

  it('when the old connection ends before the renewed one is up, the renewed one takes over without a third', async () => {
    const { first, issued, connections } = await connectedWithToken(
      () => [chatMessage({ idx: 1 })],
      () => ({ body: ok({ accessToken: jwt(Date.now()), refreshToken: 'refresh-2' }) }),
    );
    await vi.advanceTimersByTimeAsync(issued + 880_000 - Date.now());
    await vi.waitFor(() => expect(clients).toHaveLength(2));
    const second = lastClient();
    const queued = rt.chat.send('교체 중에 보낸 메시지')!;
    await vi.waitFor(() => expect(first.published).toHaveLength(1));
    // Expiry: the broker ends the old connection while the new one is still connecting.
    vi.setSystemTime(issued + 900_000);
    first.drop();
    await flush();
    expect(clients).toHaveLength(2);
    second.accept();
    await vi.waitFor(() => expect(second.published).toHaveLength(1));
    expect(second.published[0]!.payload).toEqual({
      clientMsgId: queued.clientMsgId,
      content: '교체 중에 보낸 메시지',
    });
    expect(clients).toHaveLength(2);
    expect(toast.items()).toEqual([]);
    expect(connections).not.toContain('reconnecting');
  });

  it('a real outage still toasts, even right after a quiet resume failed', async () => {
    const { first } = await connectedWithToken(
      () => [],
      () => ({ body: ok({ accessToken: jwt(Date.now()), refreshToken: 'refresh-2' }) }),
    );
    vi.setSystemTime(Date.now() + 901_000);
    first.drop();
    await vi.waitFor(() => expect(clients).toHaveLength(2));
    // The server is not there either.
    lastClient().refuseConnection();
    expect(toast.items().map((item) => item.message)).toEqual(['웹 소켓 연결시 문제가 발생했습니다.']);
    expect(rt.snapshot().connection).toBe('reconnecting');
  });

  it('goes to login as before when the renewal finds the session over', async () => {
    const { first } = await connectedWithToken(
      () => [],
      () => ({ status: 400, body: { code: -1, description: '', data: null } }),
    );
    await vi.advanceTimersByTimeAsync(880_000);
    await vi.waitFor(() => expect(rt.snapshot().connection).toBe('idle'));
    expect(first.ended).toBe(true);
    expect(clients).toHaveLength(1);
    expect(session.isLoggedIn()).toBe(false);
    expect(window.location.hash).toBe('#/hospital/login');
  });
});

describe('catching up after a long time away', () => {
  it('leaves no hole when more was missed than a catch-up reads: scrolling up loads the rest', async () => {
    let stored = Array.from({ length: 30 }, (_, i) =>
      chatMessage({ idx: i + 1, content: `메시지 ${i + 1}` }),
    );
    mockApi({
      [`GET ${apiPaths.chat.currentRoom}`]: () => ({ body: ok(chatRoom()) }),
      [`GET ${apiPaths.chat.messages}`]: pagesOf(() => stored),
    });
    rt.start(profile);
    await vi.waitFor(() => expect(clients).toHaveLength(1));
    lastClient().accept();
    await vi.waitFor(() => expect(rt.snapshot().load).toBe('ready'));
    expect(rt.snapshot().messages).toHaveLength(30);
    expect(rt.snapshot().hasOlder).toBe(false);

    lastClient().drop();
    // 200 messages while away: more than five pages.
    stored = Array.from({ length: 230 }, (_, i) => chatMessage({ idx: i + 1, content: `메시지 ${i + 1}` }));
    await vi.waitFor(() => expect(clients).toHaveLength(2));
    lastClient().accept();
    await vi.waitFor(() => expect(rt.snapshot().messages.at(-1)?.idx).toBe(230));
    await flush();

    const contiguous = () => {
      const idx = rt.snapshot().messages.map((m) => m.idx);
      return idx.every((value, i) => i === 0 || value === idx[i - 1]! + 1);
    };
    expect(contiguous()).toBe(true);
    expect(rt.snapshot().hasOlder).toBe(true);
    while (rt.snapshot().hasOlder) {
      await rt.chat.loadOlder();
      expect(contiguous()).toBe(true);
    }
    expect(rt.snapshot().messages.map((m) => m.idx)).toEqual(stored.map((m) => m.idx));
  });

  it('reads until it meets what it knew when the gap fits in a catch-up', async () => {
    let stored = [chatMessage({ idx: 1 })];
    const api = mockApi({
      [`GET ${apiPaths.chat.currentRoom}`]: () => ({ body: ok(chatRoom()) }),
      [`GET ${apiPaths.chat.messages}`]: pagesOf(() => stored),
    });
    rt.start(profile);
    await vi.waitFor(() => expect(clients).toHaveLength(1));
    lastClient().accept();
    await vi.waitFor(() => expect(rt.snapshot().load).toBe('ready'));
    lastClient().drop();
    stored = Array.from({ length: 100 }, (_, i) => chatMessage({ idx: i + 1 }));
    await vi.waitFor(() => expect(clients).toHaveLength(2));
    lastClient().accept();
    await vi.waitFor(() => expect(rt.snapshot().messages).toHaveLength(100));
    expect(rt.snapshot().hasOlder).toBe(false);
    expect(api.calls(`GET ${apiPaths.chat.messages}`)).toBe(5);
  });
});

describe('logout', () => {
  it('closes the connection and forgets the conversation', async () => {
    serveRoom12(() => [chatMessage()]);
    rt.start(profile);
    await vi.waitFor(() => expect(clients).toHaveLength(1));
    lastClient().accept();
    await vi.waitFor(() => expect(rt.snapshot().messages).toHaveLength(1));
    rt.stop();
    expect(lastClient().ended).toBe(true);
    expect(rt.snapshot()).toMatchObject({ connection: 'idle', messages: [], pending: [], room: null });
  });
});

describe('pending messages across a reload (nothing a patient sent is lost)', () => {
  const storedPending = () => window.localStorage.getItem(storageKeys.pendingChat);

  /** The patient writes while the connection is down, then the app is closed (the object is gone, storage stays). */
  async function writtenOfflineThenClosed(text = '약은 언제 먹나요?') {
    rt.start(profile);
    await vi.waitFor(() => expect(clients).toHaveLength(1));
    const message = rt.chat.send(text)!;
    expect(rt.snapshot().pending).toMatchObject([{ clientMsgId: message.clientMsgId, state: 'queued' }]);
    rt.stop();
    rt = newRealtime();
    return message;
  }

  it('comes back as pending after a reload and is sent once, with the same clientMsgId, on connect', async () => {
    serveRoom12();
    const message = await writtenOfflineThenClosed();

    rt.start(profile);
    expect(rt.snapshot().pending).toMatchObject([
      { clientMsgId: message.clientMsgId, content: '약은 언제 먹나요?', state: 'queued' },
    ]);
    await vi.waitFor(() => expect(clients).toHaveLength(2));
    const client = lastClient();
    client.accept();
    await vi.waitFor(() => expect(client.published).toHaveLength(1));
    expect(client.published[0]).toEqual({
      topic: 'chat/12/message',
      payload: { clientMsgId: message.clientMsgId, content: '약은 언제 먹나요?' },
    });
    await flush();
    expect(client.published).toHaveLength(1);

    // The server's copy confirms it: the stored queue is empty again.
    client.deliver(
      'chat/12/message',
      chatMessage({ idx: 8, content: '약은 언제 먹나요?', clientMsgId: message.clientMsgId }),
    );
    expect(rt.snapshot().pending).toEqual([]);
    expect(storedPending()).toBeNull();
  });

  it('keeps a message that was published but not yet confirmed when the app closed, and sends it again with its id', async () => {
    serveRoom12();
    rt.start(profile);
    await vi.waitFor(() => expect(clients).toHaveLength(1));
    lastClient().accept();
    await vi.waitFor(() => expect(rt.snapshot().load).toBe('ready'));
    const message = rt.chat.send('안녕하세요')!;
    await vi.waitFor(() => expect(lastClient().published).toHaveLength(1));
    rt.stop();

    rt = newRealtime();
    rt.start(profile);
    expect(rt.snapshot().pending).toMatchObject([{ clientMsgId: message.clientMsgId, state: 'queued' }]);
    await vi.waitFor(() => expect(clients).toHaveLength(2));
    lastClient().accept();
    await vi.waitFor(() => expect(lastClient().published).toHaveLength(1));
    expect(lastClient().published[0]!.payload).toEqual({
      clientMsgId: message.clientMsgId,
      content: '안녕하세요',
    });
  });

  it('is removed without sending when the catch-up shows the server already stored it', async () => {
    let stored: ChatMessage[] = [];
    serveRoom12(() => stored);
    const message = await writtenOfflineThenClosed();
    stored = [chatMessage({ idx: 5, content: '약은 언제 먹나요?', clientMsgId: message.clientMsgId })];

    rt.start(profile);
    expect(rt.snapshot().pending.map((p) => p.clientMsgId)).toEqual([message.clientMsgId]);
    await vi.waitFor(() => expect(clients).toHaveLength(2));
    lastClient().accept();
    await vi.waitFor(() => expect(rt.snapshot().messages.map((m) => m.idx)).toEqual([5]));
    expect(rt.snapshot().pending).toEqual([]);
    expect(storedPending()).toBeNull();
    expect(lastClient().published).toHaveLength(0);
  });

  it('is never shown to or sent by another patient on the same phone, and waits for its own patient', async () => {
    serveRoom12();
    const message = await writtenOfflineThenClosed();

    const other = patientProfile({ idx: 8, loginId: 'other', choseHospitalIdx: 1 });
    session.setLoginId('other');
    session.setMyData(other);
    rt.start(other);
    expect(rt.snapshot().pending).toEqual([]);
    await vi.waitFor(() => expect(clients).toHaveLength(2));
    lastClient().accept();
    await vi.waitFor(() => expect(rt.snapshot().load).toBe('ready'));
    await flush();
    expect(lastClient().published).toEqual([]);
    rt.stop();

    // The same phone, the first patient again (the session had ended without a logout).
    rt = newRealtime();
    session.setLoginId('demo');
    session.setMyData(profile);
    rt.start(profile);
    expect(rt.snapshot().pending.map((p) => p.clientMsgId)).toEqual([message.clientMsgId]);
  });

  it('is not carried to another hospital the patient chose', async () => {
    serveRoom12();
    const message = await writtenOfflineThenClosed();
    rt.start({ ...profile, choseHospitalIdx: 2, choseHospitalName: '부산병원' });
    expect(rt.snapshot().pending).toEqual([]);
    rt.start(profile);
    expect(rt.snapshot().pending.map((p) => p.clientMsgId)).toEqual([message.clientMsgId]);
  });

  it('ignores stored data it cannot read, and keeps the readable messages of a damaged list', async () => {
    serveRoom12();
    const good = {
      clientMsgId: 'abc123',
      content: '물 좀 주세요',
      createdAt: '2026-11-22T01:00:00.000Z',
      state: 'queued',
      attempts: 0,
    };
    for (const raw of [
      '{not json',
      'null',
      '42',
      '[]',
      JSON.stringify({ patientIdx: '7', hospitalIdx: 1, messages: [good] }),
      JSON.stringify({ patientIdx: 7, hospitalIdx: 1, messages: 'abc' }),
    ]) {
      window.localStorage.setItem(storageKeys.pendingChat, raw);
      rt.stop();
      rt = newRealtime();
      expect(() => rt.start(profile)).not.toThrow();
      expect(rt.snapshot().pending).toEqual([]);
    }

    window.localStorage.setItem(
      storageKeys.pendingChat,
      JSON.stringify({
        patientIdx: 7,
        hospitalIdx: 1,
        messages: [
          null,
          'text',
          { ...good, clientMsgId: '' },
          { ...good, clientMsgId: 'x'.repeat(65) },
          { ...good, clientMsgId: 'c2', content: '   ' },
          { ...good, clientMsgId: 'c3', content: 'a'.repeat(2001) },
          { ...good, clientMsgId: 'c4', createdAt: 'yesterday' },
          { ...good, clientMsgId: 'c5', state: 'delivered' },
          { ...good, clientMsgId: 'c6', attempts: -1 },
          good,
          { ...good, content: '같은 id' },
        ],
      }),
    );
    rt.stop();
    rt = newRealtime();
    rt.start(profile);
    expect(rt.snapshot().pending).toEqual([good]);
    await vi.waitFor(() => expect(clients.length).toBeGreaterThan(0));
    lastClient().accept();
    await vi.waitFor(() => expect(lastClient().published).toHaveLength(1));
    expect(lastClient().published[0]!.payload).toEqual({ clientMsgId: 'abc123', content: '물 좀 주세요' });
  });
});

describe('a publish over the broker’s rate limit (issue 10 point 12)', () => {
  it('tells the patient and leaves the message failed for a retry, not resent on its own', async () => {
    mockApi({
      [`GET ${apiPaths.chat.currentRoom}`]: () => ({ body: ok(chatRoom()) }),
      [`GET ${apiPaths.chat.messages}`]: () => ({
        body: ok({ dataList: [chatMessage({ idx: 1 })], totalCount: 1, pNum: 1, pSize: 30 }),
      }),
    });
    rt.start(profile);
    await vi.waitFor(() => expect(clients).toHaveLength(1));
    const client = lastClient();
    client.accept();
    await vi.waitFor(() => expect(rt.snapshot().load).toBe('ready'));
    const sent = rt.chat.send('빨리 와 주세요')!;
    await vi.waitFor(() => expect(client.published).toHaveLength(1));
    toast.clear();

    client.deliver(PUBLISH_REFUSED_TOPIC, {
      topic: 'chat/12/message',
      code: ResultCode.RATE_LIMITED,
      clientMsgId: sent.clientMsgId,
      retryAfterS: 2,
    } satisfies PublishRefusal);

    expect(toast.items().map((item) => item.message)).toEqual([
      '요청이 너무 많습니다. 잠시 후 다시 시도해 주세요.',
    ]);
    expect(rt.snapshot().pending).toMatchObject([{ clientMsgId: sent.clientMsgId, state: 'failed' }]);
    expect(client.published).toHaveLength(1);
  });
});

// issue 12: the chat history kept for reading offline (decision 017)
describe('the chat history kept for reading offline', () => {
  const keptHistory = () => window.localStorage.getItem(storageKeys.offlineChat);

  /** One visit online: the room and its messages arrive from the server; then the app is closed. */
  async function visitedOnline(messages: ChatMessage[]) {
    mockApi({
      [`GET ${apiPaths.chat.currentRoom}`]: () => ({ body: ok(chatRoom()) }),
      [`GET ${apiPaths.chat.messages}`]: () => ({
        body: ok({ dataList: messages, totalCount: messages.length, pNum: 1, pSize: 30 }),
      }),
    });
    rt.stop();
    rt = newRealtime();
    const before = clients.length;
    rt.start(profile);
    await vi.waitFor(() => expect(clients).toHaveLength(before + 1));
    lastClient().accept();
    await vi.waitFor(() => expect(rt.snapshot().load).toBe('ready'));
    rt.stop();
  }

  it('shows the last conversation at once when the app reopens without a network, and makes no attempt to connect until it is back', async () => {
    await visitedOnline([chatMessage({ idx: 1, content: '검사 전에 물을 마셔도 되나요?' })]);
    expect(keptHistory()).not.toBeNull();

    let online = false;
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    try {
      const api = mockApi({});
      rt = newRealtime();
      const connectionsBefore = clients.length;
      rt.start(profile);
      expect(rt.snapshot()).toMatchObject({ load: 'ready', roomIdx: 12 });
      expect(rt.snapshot().messages.map((m) => m.content)).toEqual(['검사 전에 물을 마셔도 되나요?']);
      await flush();
      // No broker attempt and no "web socket" error toast while the phone is offline: the banner says it.
      expect(clients).toHaveLength(connectionsBefore);
      await vi.waitFor(() => expect(rt.snapshot().connection).toBe('reconnecting'));
      expect(toast.items()).toEqual([]);

      // Opening the chat screen asks the server anyway; its failure keeps the kept copy on screen.
      await rt.chat.load();
      expect(api.seen.length).toBeGreaterThan(0);
      expect(rt.snapshot().load).toBe('ready');
      expect(rt.snapshot().messages).toHaveLength(1);

      online = true;
      rt.retryNow();
      await vi.waitFor(() => expect(clients).toHaveLength(connectionsBefore + 1));
    } finally {
      onLine.mockRestore();
    }
  });

  it('belongs to one patient: another patient on the same phone never sees it, and logout removes it', async () => {
    await visitedOnline([chatMessage({ idx: 1, content: '개인적인 상담 내용' })]);
    expect(keptHistory()).not.toBeNull();

    mockApi({});
    rt = newRealtime();
    rt.start(patientProfile({ idx: 8, loginId: 'other', choseHospitalIdx: 1 }));
    expect(rt.snapshot().messages).toEqual([]);
    expect(keptHistory()).toBeNull();

    await visitedOnline([chatMessage({ idx: 1, content: '개인적인 상담 내용' })]);
    expect(keptHistory()).not.toBeNull();
    rt.forgetPending();
    expect(keptHistory()).toBeNull();
  });
});
