import fp from 'fastify-plugin';
import type { Config } from '../config.ts';

export interface Job {
  name: string;
  /** One pass over the work that is due; must be safe with several processes (SKIP LOCKED). */
  run(): Promise<number>;
}

export interface Jobs {
  register(job: Job): void;
  /** Runs one job now and returns how many items it handled (tests and the CLI use this). */
  runNow(name: string): Promise<number>;
  /**
   * Resolves once no pass is running, including passes started meanwhile: tests that compare
   * the database before and after a call wait for work a call kicked off (a push delivery pass).
   */
  settled(): Promise<void>;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

export interface JobsPluginOptions {
  config: Pick<Config, 'jobIntervalS'>;
  /** Tests run jobs by hand with `runNow`. */
  autoStart?: boolean;
}

/** The first pass after start waits this long: the server answers its first requests first. */
export const FIRST_PASS_AFTER_MS = 1000;

/**
 * A small interval runner: every process runs every job; the jobs' SQL makes that safe.
 * Chosen over a queue library (docs/decisions/002-job-runner.md).
 */
export const jobsPlugin = fp<JobsPluginOptions>(
  async (app, { config, autoStart = true }) => {
    const registered = new Map<string, Job>();
    const running = new Map<string, Promise<number>>();
    let timer: NodeJS.Timeout | undefined;
    let first: NodeJS.Timeout | undefined;
    let closing = false;

    function runNow(name: string): Promise<number> {
      const job = registered.get(name);
      if (!job) return Promise.reject(new Error(`Unknown job ${name}`));
      // One pass at a time per job in this process.
      const current = running.get(name);
      if (current) return current;
      const pass = job.run().finally(() => running.delete(name));
      running.set(name, pass);
      return pass;
    }

    async function tick() {
      for (const name of registered.keys()) {
        if (closing) return;
        try {
          const handled = await runNow(name);
          if (handled > 0) app.log.info({ job: name, handled }, 'job pass done');
        } catch (error) {
          app.log.error({ err: error, job: name }, 'job pass failed');
        }
      }
    }

    app.decorate('jobs', {
      register(job) {
        registered.set(job.name, job);
      },
      runNow,
      async settled() {
        while (running.size > 0) await Promise.allSettled(running.values());
      },
    });

    if (autoStart) {
      app.addHook('onReady', async () => {
        // A first pass right after start: after a restart or a deploy, doses past their window
        // would otherwise still show as to be taken, and due reminders wait, for a whole interval.
        first = setTimeout(() => void tick(), FIRST_PASS_AFTER_MS);
        first.unref();
        timer = setInterval(() => void tick(), config.jobIntervalS * 1000);
        timer.unref();
      });
    }
    app.addHook('onClose', async () => {
      closing = true;
      if (first) clearTimeout(first);
      if (timer) clearInterval(timer);
      await Promise.allSettled(running.values());
    });
  },
  { name: 'jobs' },
);
