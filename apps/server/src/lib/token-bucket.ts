/**
 * Token buckets (issue 10 point 12): a burst of `burst` at once, then `perMinute` spread
 * evenly. One limiter holds a bucket per key (a connection, a person); keys whose bucket has
 * refilled are forgotten, so idle keys cost nothing.
 */
export interface RateLimit {
  burst: number;
  perMinute: number;
}

export type TakeResult = { ok: true } | { ok: false; retryAfterMs: number };

export interface RateLimiter {
  /** Takes one token for `key`: ok, or how long until the next one. Nothing is taken when refused. */
  take(key: string): TakeResult;
  forget(key: string): void;
  readonly size: number;
}

/** Buckets kept before the full ones are swept out. */
const SWEEP_AT = 10_000;

export function createRateLimiter(limit: RateLimit, now: () => number = Date.now): RateLimiter {
  const msPerToken = 60_000 / limit.perMinute;
  const buckets = new Map<string, { tokens: number; at: number }>();

  const level = (bucket: { tokens: number; at: number }, time: number) =>
    Math.min(limit.burst, bucket.tokens + (time - bucket.at) / msPerToken);

  function sweep(time: number) {
    for (const [key, bucket] of buckets) if (level(bucket, time) >= limit.burst) buckets.delete(key);
  }

  return {
    take(key) {
      const time = now();
      const bucket = buckets.get(key) ?? { tokens: limit.burst, at: time };
      const tokens = level(bucket, time);
      if (tokens < 1) return { ok: false, retryAfterMs: Math.ceil((1 - tokens) * msPerToken) };
      buckets.set(key, { tokens: tokens - 1, at: time });
      if (buckets.size > SWEEP_AT) sweep(time);
      return { ok: true };
    },
    forget(key) {
      buckets.delete(key);
    },
    get size() {
      return buckets.size;
    },
  };
}
