import { describe, expect, it } from 'vitest';
import { qualityOf, readCallStats, type CallStats } from './quality';

const report = (rttS: number | null, received: number, lost: number, frames = 0) =>
  new Map<string, Record<string, unknown> & { id: string; type: string }>([
    ['T', { id: 'T', type: 'transport', selectedCandidatePairId: 'P' }],
    ['P', { id: 'P', type: 'candidate-pair', state: 'succeeded', currentRoundTripTime: rttS ?? undefined }],
    ['old', { id: 'old', type: 'candidate-pair', state: 'failed', currentRoundTripTime: 5 }],
    [
      'A',
      { id: 'A', type: 'inbound-rtp', kind: 'audio', packetsReceived: received / 2, packetsLost: lost / 2 },
    ],
    [
      'V',
      {
        id: 'V',
        type: 'inbound-rtp',
        kind: 'video',
        packetsReceived: received / 2,
        packetsLost: lost / 2,
        framesDecoded: frames,
      },
    ],
  ]);

describe('readCallStats', () => {
  it('reads the selected pair’s round trip, the loss since the last reading and the decoded frames', () => {
    const first = readCallStats(report(0.12, 1000, 0, 30), null);
    expect(first).toMatchObject({ rttMs: 120, lossPct: 0, framesDecoded: 30 });
    const second = readCallStats(report(0.12, 1900, 100, 55), first);
    expect(second.lossPct).toBe(10);
    expect(second.framesDecoded).toBe(55);
  });

  it('has no loss figure without traffic and no round trip before a pair is selected', () => {
    const stats = readCallStats(new Map(), null);
    expect(stats).toMatchObject({ rttMs: null, lossPct: null, framesDecoded: 0 });
    expect(qualityOf(stats)).toBe('unknown');
  });
});

describe('qualityOf', () => {
  const stats = (rttMs: number | null, lossPct: number | null): CallStats => ({
    rttMs,
    lossPct,
    framesDecoded: 0,
    packetsReceived: 0,
    packetsLost: 0,
  });
  it.each([
    [80, 0, 'good'],
    [300, 2, 'good'],
    [450, 0, 'fair'],
    [100, 5, 'fair'],
    [900, 0, 'poor'],
    [50, 15, 'poor'],
    [null, 20, 'poor'],
    [null, null, 'unknown'],
  ] as const)('rtt %s ms, loss %s %% → %s', (rtt, loss, expected) => {
    expect(qualityOf(stats(rtt, loss))).toBe(expected);
  });
  it('is unknown without stats', () => expect(qualityOf(null)).toBe('unknown'));
});
