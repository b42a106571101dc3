import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../e2e/support/server.ts';

export interface StartedMosquitto {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

/** Null when the machine has no mosquitto binary (the reference is then skipped, and said so). */
export function mosquittoPath(): string | null {
  const found = spawnSync('sh', ['-c', 'command -v mosquitto || ls /usr/sbin/mosquitto'], {
    encoding: 'utf8',
  });
  const path = found.stdout.trim().split('\n')[0];
  return found.status === 0 && path ? path : null;
}

function portOpen(port: number): Promise<boolean> {
  return new Promise((resolveOpen) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolveOpen(true);
    });
    socket.once('error', () => resolveOpen(false));
  });
}

/**
 * Starts the machine's Mosquitto with a WebSocket listener on a free loopback port and a
 * config of our own in a temp dir (stack-notes): anonymous, no persistence, so it does
 * the same work per message as a broker delivering what it receives.
 */
export async function startMosquitto(binary: string): Promise<StartedMosquitto> {
  const port = await freePort();
  const tcpPort = await freePort();
  const dir = mkdtempSync(join(tmpdir(), 'smartcare-mosquitto-'));
  const config = join(dir, 'mosquitto.conf');
  writeFileSync(
    config,
    [
      // Mosquitto 2.0.11 exits with "Unable to start any listening sockets" when its only
      // listener is a WebSocket one (it counts TCP sockets only): keep an idle TCP one too.
      `listener ${tcpPort} 127.0.0.1`,
      'allow_anonymous true',
      // libwebsockets in 2.0.11 ignores the address and binds every interface; the
      // benchmark only ever connects over loopback, and the broker lives a few seconds.
      `listener ${port} 127.0.0.1`,
      'protocol websockets',
      'allow_anonymous true',
      'persistence false',
      'max_connections -1',
      // Started as root it would switch to the mosquitto user; stay, to read this config.
      'user root',
      'log_dest none',
      '',
    ].join('\n'),
  );
  const child: ChildProcess = spawn(binary, ['-c', config], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  const deadline = Date.now() + 10_000;
  while (!(await portOpen(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill('SIGKILL');
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`mosquitto did not start: ${stderr.trim()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url: `ws://127.0.0.1:${port}`,
    pid: child.pid!,
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
