import { spawn } from 'node:child_process';

export interface StartedRelay {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/**
 * The floor of a Node broker on this machine, measured beside Mosquitto: aedes behind ws (the
 * server's own libraries and versions) in a process of its own, only relaying. Whatever the
 * server adds (a login per connection, authorisation per publish, storing before delivering,
 * the bot, the inbox) comes on top of this; a latency or throughput goal below what this relay
 * reaches on the same machine in the same run cannot be met by any server built on them. (Not
 * so for memory: the server trims what aedes keeps per connection, docs/scaling.md.)
 */
export async function startAedesRelay(): Promise<StartedRelay> {
  const child = spawn(process.execPath, [new URL('./aedes-relay-server.mjs', import.meta.url).pathname], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolvePort, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const port = /listening (\d+)/.exec(out)?.[1];
      if (port) resolvePort(Number(port));
    });
    child.once('exit', (code) => reject(new Error(`the aedes relay exited (${code}) before listening`)));
  });
  return {
    url: `ws://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    },
  };
}
