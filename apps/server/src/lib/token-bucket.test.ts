import { describe, expect, it } from 'vitest';
import { createRateLimiter } from './token-bucket.ts';

describe('token bucket', () => {
  it('allows a burst, then the steady rate, per key', () => {
    let time = 0;
    const limiter = createRateLimiter({ burst: 3, perMinute: 6 }, () => time);
    expect([1, 2, 3].map(() => limiter.take('a').ok)).toEqual([true, true, true]);
    expect(limiter.take('a')).toEqual({ ok: false, retryAfterMs: 10_000 });
    expect(limiter.take('b').ok).toBe(true); // another key has its own bucket
    time += 9_999;
    expect(limiter.take('a').ok).toBe(false);
    time += 1;
    expect(limiter.take('a').ok).toBe(true);
    expect(limiter.take('a').ok).toBe(false);
    // Refills up to the burst, never beyond.
    time += 10 * 60_000;
    expect([1, 2, 3, 4].map(() => limiter.take('a').ok)).toEqual([true, true, true, false]);
  });
});
