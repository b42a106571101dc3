import { readFileSync, writeFileSync } from 'node:fs';
import WebSocket from 'ws';

/**
 * CPU profiles of a process started with `--inspect=127.0.0.1:0`, taken over a chosen part
 * of a benchmark (the V8 sampler `--cpu-prof` uses, through the inspector, so one phase can be
 * profiled on its own), and where the time went: the functions with the most self time.
 */
export interface Profiler {
  start(): Promise<void>;
  /** Stops, writes the profile (open it in Chrome DevTools) and returns its top frames. */
  stop(file: string): Promise<TopFrame[]>;
  close(): void;
}

export interface TopFrame {
  /** `function file:line` (file relative to node_modules or the repository). */
  frame: string;
  /** Share of the profile's samples spent in this function itself. */
  selfPercent: number;
  selfMs: number;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
}
interface Profile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** The inspector's address, as the process printed it to its log. */
export function inspectorUrl(logFile: string): string {
  const url = /Debugger listening on (ws:\/\/\S+)/.exec(readFileSync(logFile, 'utf8'))?.[1];
  if (!url) throw new Error(`no inspector address in ${logFile} (was the process started with --inspect?)`);
  return url;
}

export async function connectProfiler(url: string): Promise<Profiler> {
  const socket = new WebSocket(url);
  await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
  let id = 0;
  const send = <T>(method: string, params: object = {}) =>
    new Promise<T>((resolve, reject) => {
      const own = ++id;
      const onMessage = (data: Buffer) => {
        const message = JSON.parse(data.toString('utf8')) as {
          id?: number;
          result?: T;
          error?: { message: string };
        };
        if (message.id !== own) return;
        socket.off('message', onMessage);
        if (message.error) reject(new Error(`${method}: ${message.error.message}`));
        else resolve(message.result as T);
      };
      socket.on('message', onMessage);
      socket.send(JSON.stringify({ id: own, method, params }));
    });
  await send('Profiler.enable');
  // 1 ms between samples (V8's default is 1 ms too; said so the figures' unit is clear).
  await send('Profiler.setSamplingInterval', { interval: 1000 });
  return {
    start: () => send('Profiler.start'),
    async stop(file) {
      const { profile } = await send<{ profile: Profile }>('Profiler.stop');
      writeFileSync(file, JSON.stringify(profile));
      return topFrames(profile);
    },
    close: () => socket.close(),
  };
}

function shortUrl(url: string): string {
  const modules = url.lastIndexOf('/node_modules/');
  if (modules >= 0) return url.slice(modules + '/node_modules/'.length);
  const apps = url.indexOf('/apps/');
  if (apps >= 0) return url.slice(apps + 1);
  return url.replace(/^file:\/\//, '');
}

/** The functions with the most self time (samples taken in them, not in what they called). */
export function topFrames(profile: Profile, count = 15): TopFrame[] {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMs = new Map<string, number>();
  let totalMs = 0;
  profile.samples.forEach((nodeId, i) => {
    const node = byId.get(nodeId);
    const ms = (profile.timeDeltas[i] ?? 0) / 1000;
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const frame = url
      ? `${functionName || '(anonymous)'} ${shortUrl(url)}:${lineNumber + 1}`
      : functionName || '(anonymous)';
    selfMs.set(frame, (selfMs.get(frame) ?? 0) + ms);
    totalMs += ms;
  });
  return [...selfMs]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([frame, ms]) => ({
      frame,
      selfMs: Math.round(ms),
      selfPercent: totalMs > 0 ? Math.round((ms / totalMs) * 1000) / 10 : 0,
    }));
}
