// Preloaded into the server by the broker benchmark only (NODE_OPTIONS=--import, with
// GC_PROBE_FILE set): on SIGUSR2 it collects all garbage and writes the process's memory
// to that file. Read right after a full collection, memory follows what connections keep
// alive, not when the collector last happened to run.
import { renameSync, writeFileSync } from 'node:fs';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

const file = process.env.GC_PROBE_FILE;
if (file) {
  setFlagsFromString('--expose-gc');
  const gc = runInNewContext('gc');
  let seq = 0;
  process.on('SIGUSR2', () => {
    gc();
    gc();
    const { rss, heapUsed, external } = process.memoryUsage();
    // Written aside and renamed: the reader never sees half a file.
    writeFileSync(`${file}.tmp`, JSON.stringify({ seq: ++seq, rss, heapUsed, external }));
    renameSync(`${file}.tmp`, file);
  });
}
