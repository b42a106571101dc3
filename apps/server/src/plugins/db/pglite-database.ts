import { channel } from 'node:diagnostics_channel';
import { PGlite, protocol } from '@electric-sql/pglite';
import {
  sharedParsers,
  withRowHelpers,
  type Database,
  type QueryResult,
  type SqlParam,
  type SqlQueryable,
} from './database.ts';
import { readReplies, type Column, type Replies } from './pglite-replies.ts';
import { yieldToEventLoop } from '../../lib/yield.ts';

/**
 * Statements kept prepared in the one PGlite session. Dynamic SQL (the `SET a = $2, …`
 * lists of partial updates) has many spellings, so the least recently used are closed.
 */
export const PREPARED_STATEMENT_LIMIT = 200;

/**
 * How long statements may run back to back before the event loop gets a turn. PGlite runs
 * each statement on the event loop, and a chain of awaited statements never lets it read a
 * socket: a job's pass over thousands of medicines, or a long request, would hold every chat
 * message and nurse call until it ended (issue 11 point 7).
 */
export const STATEMENT_SLICE_MS = 4;

/**
 * Each statement's time inside PGlite, published as `{ sql, startedAt, durationMs }`
 * (performance.now() times) for whoever subscribes — the broker benchmark's event-loop probe
 * (bench/lib/loop-probe.mjs), to say how much of a long loop iteration was the database.
 * Nothing is measured while no one listens.
 */
export const STATEMENT_CHANNEL = 'smartcare:pglite:statement';
const statementChannel = channel(STATEMENT_CHANNEL);

/** Raised by Bind/Execute when a prepared statement no longer fits the schema (DDL after it was prepared). */
const STALE_STATEMENT_CODES = new Set(['0A000', '26000']);

interface Prepared {
  name: string;
  sql: string;
  paramTypes: number[];
  /** The statement's result columns, from Describe at Parse time (none for a plain INSERT). */
  columns: Column[];
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!;
  let length = 0;
  for (const part of parts) length += part.length;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

const encoder = new TextEncoder();

/**
 * Bind (all parameters and results as text) + Execute + Sync for a prepared statement, in
 * one buffer (protocol §55.7). PGlite's serializer builds each message through a growing
 * writer; this is the per-call message, so it is written directly.
 */
export function bindExecuteSync(statement: string, values: readonly (string | null)[]): Uint8Array {
  const name = encoder.encode(statement);
  const encoded = values.map((value) => (value === null ? null : encoder.encode(value)));
  let bindLength = 4 + 1 + name.length + 1 + 2 + 2 * encoded.length + 2 + 2;
  for (const value of encoded) bindLength += 4 + (value?.length ?? 0);
  const out = new Uint8Array(1 + bindLength + 1 + 4 + 1 + 4 + 1 + 4);
  const view = new DataView(out.buffer);
  let offset = 0;
  out[offset++] = 0x42; // 'B'
  view.setInt32(offset, bindLength);
  offset += 4;
  offset += 1; // unnamed portal: an empty string
  out.set(name, offset);
  offset += name.length + 1;
  // One format code per parameter, each 0 (text), as node-postgres and PGlite write them.
  view.setInt16(offset, encoded.length);
  offset += 2 + 2 * encoded.length;
  view.setInt16(offset, encoded.length);
  offset += 2;
  for (const value of encoded) {
    view.setInt32(offset, value ? value.length : -1);
    offset += 4;
    if (value) {
      out.set(value, offset);
      offset += value.length;
    }
  }
  view.setInt16(offset, 0); // no result format codes: all text
  offset += 2;
  out[offset++] = 0x45; // 'E'
  view.setInt32(offset, 4 + 1 + 4);
  offset += 4 + 1; // unnamed portal
  view.setInt32(offset, 0); // all rows
  offset += 4;
  out[offset++] = 0x53; // 'S'
  view.setInt32(offset, 4);
  return out;
}

/** Statement names are unique in the process: two adapters on one session never collide. */
let statementCounter = 0;

/**
 * Runs parameterised SQL as named prepared statements, one protocol round trip each.
 * PGlite's own `query()` makes six trips into the WASM backend per call (Parse, Describe,
 * Bind, Describe, Execute, Sync) and parses and plans the SQL every time; here a statement
 * is parsed, planned and described once, and each later call sends Bind+Execute+Sync in
 * one buffer. The replies are read from the backend's bytes (`pglite-replies.ts`);
 * parameters and values go through PGlite's own serializers and type parsers, so they come
 * out exactly as `query()` gives them. The caller holds PGlite's query mutex.
 */
function preparedStatements(pglite: PGlite) {
  const statements = new Map<string, Prepared>();
  let pendingCloses: Uint8Array[] = [];
  // The backend writes its replies in chunks that are views of WASM memory: copied here.
  let received = new Uint8Array(64 * 1024);
  let receivedLength = 0;
  const receive = (chunk: Uint8Array) => {
    if (receivedLength + chunk.length > received.length) {
      const larger = new Uint8Array(Math.max(received.length * 2, receivedLength + chunk.length));
      larger.set(received.subarray(0, receivedLength));
      received = larger;
    }
    received.set(chunk, receivedLength);
    receivedLength += chunk.length;
  };

  async function send(messages: readonly Uint8Array[], sql: string): Promise<Replies> {
    // Checked under the lock: once close() has begun, nothing more reaches the backend.
    if (!pglite.ready) throw new Error(pglite.closed ? 'PGlite is closed' : 'PGlite is closing');
    receivedLength = 0;
    const startedAt = statementChannel.hasSubscribers ? performance.now() : null;
    await pglite.execProtocolRawStream(concat(messages), { syncToFs: false, onRawData: receive });
    if (startedAt !== null)
      statementChannel.publish({ sql, startedAt, durationMs: performance.now() - startedAt });
    const replies = readReplies(received.subarray(0, receivedLength));
    if (replies.error) throw replies.error;
    return replies;
  }

  async function prepare(sql: string): Promise<Prepared> {
    const name = `sc${++statementCounter}`;
    const closes = pendingCloses;
    pendingCloses = [];
    const replies = await send(
      [
        ...closes,
        protocol.serialize.parse({ name, text: sql }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ],
      sql,
    );
    const prepared = { name, sql, paramTypes: replies.paramTypes, columns: replies.columns ?? [] };
    statements.set(sql, prepared);
    if (statements.size > PREPARED_STATEMENT_LIMIT) {
      const [oldestSql, oldest] = statements.entries().next().value as [string, Prepared];
      statements.delete(oldestSql);
      pendingCloses.push(protocol.serialize.close({ type: 'S', name: oldest.name }));
    }
    return prepared;
  }

  async function execute<T>(prepared: Prepared, params: readonly SqlParam[]): Promise<QueryResult<T>> {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pglite.serializers[prepared.paramTypes[i] ?? 0];
      return String(serializer ? serializer(value) : value);
    });
    const replies = await send([bindExecuteSync(prepared.name, values)], prepared.sql);
    // The columns were described once at Parse time; a change of table shape since then
    // fails Execute ('cached plan must not change result type') rather than answering in
    // another shape, so they still hold.
    const parsers = prepared.columns.map(({ typeId }) => pglite.parsers[typeId]);
    const rows = replies.rows.map((fields) => {
      const row: Record<string, unknown> = {};
      prepared.columns.forEach(({ name, typeId }, i) => {
        const text = fields[i] ?? null;
        const parser = parsers[i];
        row[name] = text === null || !parser ? text : parser(text, typeId);
      });
      return row as T;
    });
    // PGlite reports affectedRows 0 for a SELECT; pg reports the rows returned.
    return { rows, rowCount: replies.affectedRows || rows.length };
  }

  return {
    async run<T>(sql: string, params: readonly SqlParam[], inTransaction: boolean): Promise<QueryResult<T>> {
      try {
        let prepared = statements.get(sql);
        if (prepared) {
          // Most recently used last: Map keeps insertion order, so the first entry is evicted next.
          statements.delete(sql);
          statements.set(sql, prepared);
        } else {
          prepared = await prepare(sql);
        }
        try {
          return await execute<T>(prepared, params);
        } catch (error) {
          if (!STALE_STATEMENT_CODES.has((error as { code?: string }).code ?? '')) throw error;
          statements.delete(sql);
          pendingCloses.push(protocol.serialize.close({ type: 'S', name: prepared.name }));
          // Inside a transaction the error has already aborted it; outside, prepare again once.
          if (inTransaction) throw error;
          return await execute<T>(await prepare(sql), params);
        }
      } catch (error) {
        // As PGlite's query() does, say which statement failed (the values stay out of the log).
        if (error instanceof Error) Object.assign(error, { query: sql });
        throw error;
      }
    },
  };
}

/**
 * Lets the loop turn once statements have held it for `sliceMs` without it turning: before a
 * statement, a transaction, or a statement inside one. Waiting work queues on PGlite's lock
 * meanwhile, so a chat message that arrived during the turn is stored before the pass goes on.
 * A single statement, and the work between two statements, still run to the end.
 */
function loopTurns(sliceMs: number) {
  /** When the current run of statements began; null once the loop has turned since. */
  let heldSince: number | null = null;
  const turned = () => {
    heldSince = null;
  };
  return async function letLoopTurn(): Promise<void> {
    const now = performance.now();
    if (heldSince === null) {
      heldSince = now;
      // Runs at the loop's next check phase: the first turn it gets, whoever gives it.
      setImmediate(turned);
    } else if (now - heldSince >= sliceMs) {
      await yieldToEventLoop();
    }
  };
}

export function pgliteDatabase(pglite: PGlite, sliceMs = STATEMENT_SLICE_MS): Database {
  const statements = preparedStatements(pglite);
  const letLoopTurn = loopTurns(sliceMs);
  const exec = async (target: Pick<PGlite, 'exec'>, sql: string) => {
    await target.exec(sql);
  };
  // The same locks PGlite's query() takes: a statement outside a transaction waits for any
  // open transaction to end, and statements never overlap inside the one session.
  const topLevel = withRowHelpers(
    async <T>(sql: string, params: readonly SqlParam[] = []) => {
      await letLoopTurn();
      return pglite._runExclusiveTransaction(() =>
        pglite._runExclusiveQuery(() => statements.run<T>(sql, params, false)),
      );
    },
    (sql) => exec(pglite, sql),
  );
  return {
    kind: 'pglite',
    ...topLevel,
    transaction: async (fn) => {
      await letLoopTurn();
      return pglite.transaction((tx) => {
        const scoped: SqlQueryable = withRowHelpers(
          async <T>(sql: string, params: readonly SqlParam[] = []) => {
            // Inside, the session stays held: the turn serves sockets and deliveries, not
            // other statements.
            await letLoopTurn();
            if (tx.closed) throw new Error('Transaction is closed');
            return pglite._runExclusiveQuery(() => statements.run<T>(sql, params, true));
          },
          (sql) => exec(tx, sql),
        );
        return fn(scoped);
      });
    },
    // The session held as a transaction holds it (same lock), each statement its own commit.
    // Not sliced: the chat's group write is the real-time path the slices are for, and it
    // is short by construction (room-write-batch.ts).
    exclusive: (fn) =>
      pglite._runExclusiveTransaction(() =>
        fn({
          ...withRowHelpers(
            <T>(sql: string, params: readonly SqlParam[] = []) =>
              pglite._runExclusiveQuery(() => statements.run<T>(sql, params, false)),
            () => Promise.reject(new Error('exec is not available in exclusive()')),
          ),
          locksRows: false,
        }),
      ),
    close: () => pglite.close(),
  };
}

/** Opens (creating on first start) the embedded database; `dataDir` undefined = in memory. */
export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<PGlite> {
  return PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    parsers: sharedParsers,
  });
}
