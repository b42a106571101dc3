// Preloaded into the server by the broker benchmark when BENCH_BROKER_LOOP=1 (NODE_OPTIONS=
// --import, with LOOP_PROBE_FILE set). A message waits, at each of its loop turns, for the
// iteration in front of it: this records every event-loop iteration longer than
// LONG_ITERATION_MS with what filled it — the database's statements (the server's statement
// channel), garbage collection, and, from the kernel, how long the thread ran and how long it
// waited for a core — and appends them to that file once a second, on the wall clock.
// The 1 ms timer costs the server a little: the figures of such a run are not the ones to compare.
import { subscribe } from 'node:diagnostics_channel';
import { appendFileSync, existsSync, readFileSync } from 'node:fs';
import { PerformanceObserver, performance } from 'node:perf_hooks';

const file = process.env.LOOP_PROBE_FILE;
const LONG_ITERATION_MS = 4;
const SLOW_STATEMENT_MS = 3;
/** apps/server/src/plugins/db/pglite-database.ts: STATEMENT_CHANNEL. */
const STATEMENT_CHANNEL = 'smartcare:pglite:statement';
/** Linux: the thread's time on a CPU and waiting in the run queue, in ns. */
const SCHEDSTAT = '/proc/thread-self/schedstat';

if (file) {
  const epoch = (at) => performance.timeOrigin + at;
  let iterations = [];
  let collections = [];
  let slowStatements = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) collections.push([epoch(entry.startTime), entry.duration]);
  }).observe({ entryTypes: ['gc'] });

  let statementMs = 0;
  let statementCount = 0;
  subscribe(STATEMENT_CHANNEL, ({ sql, startedAt, durationMs }) => {
    statementMs += durationMs;
    statementCount++;
    if (durationMs > SLOW_STATEMENT_MS)
      slowStatements.push([epoch(startedAt), durationMs, sql.replace(/\s+/g, ' ').slice(0, 80)]);
  });

  const schedstat = existsSync(SCHEDSTAT)
    ? () => readFileSync(SCHEDSTAT, 'utf8').split(' ').map(Number)
    : () => [Number.NaN, Number.NaN];
  // Timers run once per iteration: the gap between two runs of a 1 ms timer is the iteration in between.
  let last = performance.now();
  let lastSched = schedstat();
  setInterval(() => {
    const now = performance.now();
    const sched = schedstat();
    if (now - last > LONG_ITERATION_MS) {
      const onCpuMs = (sched[0] - lastSched[0]) / 1e6;
      const waitingMs = (sched[1] - lastSched[1]) / 1e6;
      iterations.push([epoch(last), now - last, statementMs, statementCount, onCpuMs, waitingMs]);
    }
    statementMs = 0;
    statementCount = 0;
    last = now;
    lastSched = sched;
  }, 1);
  setInterval(() => {
    appendFileSync(file, JSON.stringify({ iterations, collections, slowStatements }) + '\n');
    iterations = [];
    collections = [];
    slowStatements = [];
  }, 1000).unref();
}
