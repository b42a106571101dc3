import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PendingPublish } from './pending-publish.ts';

describe('a pending publish', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('finished before its deadline leaves no timer behind', () => {
    const unfinished = new Set<PendingPublish>();
    const resolve = vi.fn();
    const publishes = Array.from({ length: 3 }, () => new PendingPublish(unfinished, resolve));
    for (const publish of publishes) publish.finishAfter(10_000);
    expect(vi.getTimerCount()).toBe(3);

    for (const publish of publishes) publish.finish();

    expect(vi.getTimerCount()).toBe(0);
    expect(unfinished.size).toBe(0);
    expect(resolve).toHaveBeenCalledTimes(3);
  });

  it('one that never reports back is finished at its deadline, not before', () => {
    const unfinished = new Set<PendingPublish>();
    const resolve = vi.fn();
    const publish = new PendingPublish(unfinished, resolve);
    publish.finishAfter(10_000);

    vi.advanceTimersByTime(9_999);
    expect(resolve).not.toHaveBeenCalled();
    expect(unfinished.has(publish)).toBe(true);

    vi.advanceTimersByTime(1);
    expect(resolve).toHaveBeenCalledTimes(1);
    expect(unfinished.size).toBe(0);
    expect(vi.getTimerCount()).toBe(0);
  });
});
