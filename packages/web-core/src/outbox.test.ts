import { describe, expect, it } from 'vitest';
import { createOutbox, type OutboxItem, type OutboxStorage } from './outbox';
import { RealtimeOfflineError } from './realtime';

interface Note extends OutboxItem {
  text: string;
}

/** A storage of the test's own: what a reload finds is what was written. */
function memoryStorage(): OutboxStorage & { values: Map<string, string> } {
  const values = new Map<string, string>();
  return {
    values,
    read: (key) => values.get(key) ?? null,
    write: (key, value) => (value === null ? values.delete(key) : values.set(key, value)),
  };
}

const note = (clientMsgId: string, text = '물 좀 주세요'): Note => ({
  clientMsgId,
  text,
  state: 'queued',
  attempts: 0,
});

function outboxOver(store: OutboxStorage) {
  return createOutbox<Note>({
    maxAttempts: 3,
    storage: { key: 'pendingNotes', store },
    parseItem: (base, value) => (typeof value.text === 'string' ? { ...base, text: value.text } : null),
  });
}

/** Lets the publishes' promises settle. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the outbox', () => {
  it('keeps one message per clientMsgId and sends each once until it is confirmed', async () => {
    const outbox = createOutbox<Note>({ maxAttempts: 3 });
    outbox.add(note('a'));
    outbox.add(note('a', '두 번째'));
    expect(outbox.items().map((item) => item.text)).toEqual(['물 좀 주세요']);

    const sent: string[] = [];
    const send = async (item: Note) => void sent.push(item.clientMsgId);
    outbox.flush(send);
    // Already on its way: a second flush sends nothing again.
    outbox.flush(send);
    await settle();
    expect(sent).toEqual(['a']);
    expect(outbox.items()).toMatchObject([{ clientMsgId: 'a', state: 'sending', attempts: 1 }]);

    outbox.confirm(['a']);
    expect(outbox.items()).toEqual([]);
  });

  it('keeps what could not go out for the next connection; offline is no attempt, a refusal is', async () => {
    const outbox = createOutbox<Note>({ maxAttempts: 2 });
    outbox.add(note('a'));
    outbox.flush(() => Promise.reject(new RealtimeOfflineError()));
    await settle();
    expect(outbox.items()).toMatchObject([{ state: 'queued', attempts: 0 }]);

    outbox.flush(() => Promise.reject(new Error('connection closed')));
    await settle();
    expect(outbox.items()).toMatchObject([{ state: 'queued', attempts: 1 }]);
    // The last attempt refused: given up, for the person's "retry".
    outbox.flush(() => Promise.reject(new Error('connection closed')));
    await settle();
    expect(outbox.items()).toMatchObject([{ state: 'failed', failure: 'notAccepted', attempts: 2 }]);

    outbox.retry('a');
    expect(outbox.items()).toEqual([note('a')]);
  });

  it('sends again, with the same id, what a lost connection may not have delivered', async () => {
    const outbox = createOutbox<Note>({ maxAttempts: 3 });
    outbox.add(note('a'));
    const sent: Note[] = [];
    outbox.flush(async (item) => void sent.push(item));
    await settle();
    outbox.requeueSending();
    outbox.flush(async (item) => void sent.push(item));
    await settle();
    expect(sent.map((item) => item.clientMsgId)).toEqual(['a', 'a']);
    // A renewal swapped the connection on purpose: no attempt of the message's.
    outbox.requeueSending(false);
    expect(outbox.items()).toMatchObject([{ state: 'queued', attempts: 1 }]);
  });

  it('survives a reload for its owner only, under the key it was given, and is forgotten on request', () => {
    const store = memoryStorage();
    const before = outboxOver(store);
    before.open({ patientIdx: 7, hospitalIdx: 1 });
    before.add(note('a'));
    before.flush(() => new Promise(() => undefined));
    expect(JSON.parse(store.values.get('pendingNotes')!)).toMatchObject({ patientIdx: 7, hospitalIdx: 1 });

    const someoneElse = outboxOver(store);
    someoneElse.open({ patientIdx: 8, hospitalIdx: 1 });
    expect(someoneElse.items()).toEqual([]);
    // Opening writes nothing: the owner's messages are still there.
    expect(store.values.has('pendingNotes')).toBe(true);

    const after = outboxOver(store);
    after.open({ patientIdx: 7, hospitalIdx: 1 });
    // What was on its way when the page closed waits to be sent again.
    expect(after.items()).toEqual([{ ...note('a'), attempts: 1 }]);

    after.forget();
    expect(after.items()).toEqual([]);
    expect(store.values.has('pendingNotes')).toBe(false);
  });

  it('reads nothing it cannot trust from storage', () => {
    const store = memoryStorage();
    store.values.set(
      'pendingNotes',
      JSON.stringify({
        patientIdx: 7,
        messages: [
          null,
          { ...note(''), text: 'x' },
          { ...note('b'), state: 'lost' },
          { clientMsgId: 'c' },
          note('d'),
        ],
      }),
    );
    const outbox = outboxOver(store);
    outbox.open({ patientIdx: 7 });
    expect(outbox.items().map((item) => item.clientMsgId)).toEqual(['d']);
    store.values.set('pendingNotes', '{broken');
    outbox.open({ patientIdx: 7 });
    expect(outbox.items()).toEqual([]);
  });
});
