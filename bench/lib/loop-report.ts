import { existsSync, readFileSync } from 'node:fs';

/** What bench/lib/loop-probe.mjs saw of a server's event loop over one stretch of time. */
export interface LoopReport {
  seconds: number;
  /** Iterations longer than the probe's threshold (4 ms): how many a second, and their time a second. */
  longIterationsPerSecond: number;
  longIterationMsPerSecond: number;
  longestIterationMs: number;
  /**
   * Of the long iterations' time, a second: the thread on a CPU, the thread waiting for one
   * (the kernel's run queue; null off Linux), in the database's statements, and in garbage
   * collection. Statements and collections happen on the CPU; the rest of it is the server's
   * JavaScript and its sockets.
   */
  inLongIterationsMsPerSecond: {
    onCpu: number | null;
    waitingForCpu: number | null;
    statements: number;
    collection: number;
  };
  /** Garbage collection a second over the whole stretch, and the longest one. */
  collectionMsPerSecond: number;
  longestCollectionMs: number;
  /** Statements that took over 3 ms, by their SQL's start: how many and their time. */
  slowStatements: { sql: string; count: number; totalMs: number; longestMs: number }[];
}

type Iteration = [
  at: number,
  length: number,
  statementMs: number,
  statements: number,
  onCpuMs: number,
  waitingMs: number,
];
type Collection = [at: number, duration: number];
type SlowStatement = [at: number, duration: number, sql: string];

const round = (value: number) => Math.round(value * 10) / 10;
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

/** Sums the probe's records (LOOP_PROBE_FILE) that fall between `from` and `until` (wall clock, ms). */
export function loopReport(file: string, from: number, until: number): LoopReport | null {
  if (!existsSync(file)) return null;
  const within = <T extends [number, ...unknown[]]>(records: T[]) =>
    records.filter(([at]) => at >= from && at <= until);
  const iterations: Iteration[] = [];
  const collections: Collection[] = [];
  const slow: SlowStatement[] = [];
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (!line) continue;
    const record = JSON.parse(line) as {
      iterations: Iteration[];
      collections: Collection[];
      slowStatements: SlowStatement[];
    };
    iterations.push(...within(record.iterations));
    collections.push(...within(record.collections));
    slow.push(...within(record.slowStatements));
  }
  const seconds = (until - from) / 1000;
  const perSecond = (ms: number) => round(ms / seconds);
  const collectedDuring = ([start, length]: Iteration) =>
    sum(
      collections.map(([at, duration]) =>
        Math.max(0, Math.min(start + length, at + duration) - Math.max(start, at)),
      ),
    );
  const kernel = iterations.every(([, , , , onCpu]) => Number.isFinite(onCpu));
  const bySql = new Map<string, number[]>();
  for (const [, duration, sql] of slow) bySql.set(sql, [...(bySql.get(sql) ?? []), duration]);
  return {
    seconds: round(seconds),
    longIterationsPerSecond: perSecond(iterations.length),
    longIterationMsPerSecond: perSecond(sum(iterations.map(([, length]) => length))),
    longestIterationMs: round(Math.max(0, ...iterations.map(([, length]) => length))),
    inLongIterationsMsPerSecond: {
      onCpu: kernel ? perSecond(sum(iterations.map(([, , , , onCpu]) => onCpu))) : null,
      waitingForCpu: kernel ? perSecond(sum(iterations.map(([, , , , , waiting]) => waiting))) : null,
      statements: perSecond(sum(iterations.map(([, , statementMs]) => statementMs))),
      collection: perSecond(sum(iterations.map(collectedDuring))),
    },
    collectionMsPerSecond: perSecond(sum(collections.map(([, duration]) => duration))),
    longestCollectionMs: round(Math.max(0, ...collections.map(([, duration]) => duration))),
    slowStatements: [...bySql]
      .map(([sql, durations]) => ({
        sql,
        count: durations.length,
        totalMs: round(sum(durations)),
        longestMs: round(Math.max(...durations)),
      }))
      .sort((a, b) => b.totalMs - a.totalMs),
  };
}
