import { describe, expect, it } from 'vitest';
import {
  levelOf,
  median,
  networkVerdict,
  openMedia,
  probeNetwork,
  problemOf,
  PROBE_BYTES,
  PROBE_PINGS,
} from './device-check';

const named = (name: string) => Object.assign(new Error(name), { name });

describe('problemOf', () => {
  it.each([
    ['NotAllowedError', 'denied'],
    ['SecurityError', 'denied'],
    ['NotFoundError', 'missing'],
    ['OverconstrainedError', 'missing'],
    ['NotReadableError', 'busy'],
    ['TypeError', 'unknown'],
  ] as const)('%s → %s', (name, problem) => expect(problemOf(named(name))).toBe(problem));
});

describe('openMedia', () => {
  it('without mediaDevices (not https): both missing, "insecure"', async () => {
    expect(await openMedia({ facingMode: 'user' }, undefined)).toMatchObject({
      stream: null,
      camera: 'MISSING',
      microphone: 'MISSING',
      problem: 'insecure',
    });
  });

  it('a refusal is DENIED for both, without asking again device by device', async () => {
    const asked: MediaStreamConstraints[] = [];
    const result = await openMedia(
      { facingMode: 'environment' },
      {
        getUserMedia: async (c?: MediaStreamConstraints) => {
          asked.push(c ?? {});
          throw named('NotAllowedError');
        },
      },
    );
    expect(result).toMatchObject({ camera: 'DENIED', microphone: 'DENIED', problem: 'denied' });
    expect(asked).toHaveLength(1);
    expect(asked[0]!.video).toMatchObject({ facingMode: { ideal: 'environment' } });
  });

  it('a chosen device is asked for exactly', async () => {
    const asked: MediaStreamConstraints[] = [];
    const stream = { getTracks: () => [] } as unknown as MediaStream;
    await openMedia(
      { facingMode: 'user', videoDeviceId: 'cam-2', audioDeviceId: 'mic-1' },
      {
        getUserMedia: async (c?: MediaStreamConstraints) => {
          asked.push(c ?? {});
          return stream;
        },
      },
    );
    expect(asked[0]!.video).toEqual({ deviceId: { exact: 'cam-2' } });
    expect(asked[0]!.audio).toMatchObject({ deviceId: { exact: 'mic-1' } });
  });
});

describe('levelOf', () => {
  it('is 0 for silence and grows with the signal, capped at 100', () => {
    expect(levelOf(new Uint8Array(64).fill(128))).toBe(0);
    const quiet = levelOf(Uint8Array.from({ length: 64 }, (_, i) => (i % 2 ? 134 : 122)));
    const loud = levelOf(Uint8Array.from({ length: 64 }, (_, i) => (i % 2 ? 200 : 56)));
    expect(quiet).toBeGreaterThan(0);
    expect(loud).toBeGreaterThan(quiet);
    expect(levelOf(Uint8Array.from({ length: 64 }, (_, i) => (i % 2 ? 255 : 0)))).toBe(100);
  });
});

describe('the network check', () => {
  it('takes the median of the pings and the throughput without one round trip', async () => {
    let now = 0;
    const rtts = [40, 400, 50];
    const fetched: number[] = [];
    const result = await probeNetwork({
      now: () => now,
      fetch: async (bytes) => {
        fetched.push(bytes);
        now += bytes === 0 ? rtts.shift()! : 50 + 1000; // 1 s for 256 KB after one round trip
        return bytes;
      },
    });
    expect(fetched).toEqual([...Array(PROBE_PINGS).fill(0), PROBE_BYTES]);
    expect(result.rttMs).toBe(50);
    expect(result.downKbps).toBe(Math.round((PROBE_BYTES * 8) / 1000));
  });

  it('reports nothing measured when the server cannot be reached', async () => {
    const result = await probeNetwork({
      now: () => 0,
      fetch: async () => {
        throw new Error('offline');
      },
    });
    expect(result).toEqual({ rttMs: null, downKbps: null });
    expect(networkVerdict(result)).toBe('failed');
  });

  it.each([
    [{ rttMs: 30, downKbps: 8000 }, 'good'],
    [{ rttMs: 250, downKbps: 8000 }, 'fair'],
    [{ rttMs: 30, downKbps: 800 }, 'fair'],
    [{ rttMs: 30, downKbps: 200 }, 'poor'],
    [{ rttMs: 900, downKbps: 8000 }, 'poor'],
    [{ rttMs: 30, downKbps: null }, 'poor'],
  ] as const)('%o → %s', (result, verdict) => expect(networkVerdict(result)).toBe(verdict));

  it('median', () => {
    expect(median([])).toBeNull();
    expect(median([3, 1, 2])).toBe(2);
    expect(median([1, 2, 3, 10])).toBe(3);
  });
});
