/**
 * The call's quality from `RTCPeerConnection.getStats()`: round-trip time of the selected
 * candidate pair and the share of inbound packets lost since the last look, reduced to the
 * three words a patient understands (좋음 / 보통 / 나쁨 in the apps).
 */
export type CallQuality = 'good' | 'fair' | 'poor' | 'unknown';

export interface CallStats {
  /** Round trip of the selected candidate pair, ms (null before one is selected). */
  rttMs: number | null;
  /** Inbound packets lost in the last interval, in percent (null without traffic). */
  lossPct: number | null;
  /** Video frames the remote <video> could show so far (the e2e's proof of real media). */
  framesDecoded: number;
  /** Totals, so the next interval's loss is a difference. */
  packetsReceived: number;
  packetsLost: number;
}

/** Above these the quality drops a step (ITU-T G.114: 150 ms one way is still good for talk). */
export const QUALITY_LIMITS = {
  good: { rttMs: 300, lossPct: 2 },
  fair: { rttMs: 700, lossPct: 8 },
} as const;

interface StatLike {
  type: string;
  id: string;
  [key: string]: unknown;
}

const num = (value: unknown): number | null =>
  typeof value === 'number' && Number.isFinite(value) ? value : null;

/** Reads one `getStats()` report (any iterable of its entries), given the previous reading. */
export function readCallStats(
  report: Iterable<StatLike> | { forEach(cb: (stat: StatLike) => void): void },
  previous: CallStats | null,
): CallStats {
  const entries: StatLike[] = [];
  if (Symbol.iterator in report) {
    for (const item of report as Iterable<StatLike | [string, StatLike]>) {
      entries.push(Array.isArray(item) ? item[1] : item);
    }
  } else {
    report.forEach((stat) => entries.push(stat));
  }
  const byId = new Map(entries.map((stat) => [stat.id, stat]));

  let rttMs: number | null = null;
  // The transport names the selected pair; older builds mark it `selected` / `nominated` instead.
  const transport = entries.find((stat) => stat.type === 'transport' && stat.selectedCandidatePairId);
  const pair =
    (transport && byId.get(String(transport.selectedCandidatePairId))) ??
    entries.find(
      (stat) =>
        stat.type === 'candidate-pair' &&
        (stat.selected === true || stat.nominated === true) &&
        stat.state === 'succeeded',
    );
  const rttS = num(pair?.currentRoundTripTime);
  if (rttS !== null) rttMs = Math.round(rttS * 1000);

  let packetsReceived = 0;
  let packetsLost = 0;
  let framesDecoded = 0;
  for (const stat of entries) {
    if (stat.type !== 'inbound-rtp') continue;
    packetsReceived += num(stat.packetsReceived) ?? 0;
    packetsLost += Math.max(0, num(stat.packetsLost) ?? 0);
    if (stat.kind === 'video' || stat.mediaType === 'video') framesDecoded += num(stat.framesDecoded) ?? 0;
  }
  const received = packetsReceived - (previous?.packetsReceived ?? 0);
  const lost = packetsLost - (previous?.packetsLost ?? 0);
  const lossPct =
    received + lost > 0 && lost >= 0 ? Math.round((lost / (received + lost)) * 1000) / 10 : null;
  return { rttMs, lossPct, framesDecoded, packetsReceived, packetsLost };
}

/** good / fair / poor from the worse of round trip and loss; unknown before there is either. */
export function qualityOf(stats: CallStats | null): CallQuality {
  if (!stats || (stats.rttMs === null && stats.lossPct === null)) return 'unknown';
  const rtt = stats.rttMs ?? 0;
  const loss = stats.lossPct ?? 0;
  if (rtt <= QUALITY_LIMITS.good.rttMs && loss <= QUALITY_LIMITS.good.lossPct) return 'good';
  if (rtt <= QUALITY_LIMITS.fair.rttMs && loss <= QUALITY_LIMITS.fair.lossPct) return 'fair';
  return 'poor';
}
