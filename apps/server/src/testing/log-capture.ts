import { Writable } from 'node:stream';

/**
 * A stream to hand the app's logger (`buildTestApp({ build: { logStream } })`) that keeps
 * every pino line it is given, parsed.
 */
export function captureLog() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean))
        lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  return { lines, stream };
}
