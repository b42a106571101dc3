import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { FIRST_PASS_AFTER_MS, jobsPlugin } from './jobs.plugin.ts';

/** A runner with one job that counts its passes, an hour between passes. */
async function runnerWithCountingJob(autoStart: boolean) {
  const app = Fastify();
  await app.register(jobsPlugin, { config: { jobIntervalS: 3600 }, autoStart });
  const passes: number[] = [];
  app.jobs.register({
    name: 'counting',
    run: async () => {
      passes.push(Date.now());
      return 0;
    },
  });
  await app.ready();
  return { app, passes };
}

describe('jobs runner', () => {
  it('runs a first pass right after start, not only after the interval', async () => {
    const { app, passes } = await runnerWithCountingJob(true);
    try {
      await expect.poll(() => passes.length, { timeout: FIRST_PASS_AFTER_MS + 4000 }).toBe(1);
      // The next one waits for the interval (an hour here).
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(passes).toHaveLength(1);
    } finally {
      await app.close();
    }
  });

  it('runs nothing by itself when not started (tests run passes by hand)', async () => {
    const { app, passes } = await runnerWithCountingJob(false);
    try {
      await new Promise((resolve) => setTimeout(resolve, FIRST_PASS_AFTER_MS + 300));
      expect(passes).toHaveLength(0);
      expect(await app.jobs.runNow('counting')).toBe(0);
      expect(passes).toHaveLength(1);
    } finally {
      await app.close();
    }
  });
});
