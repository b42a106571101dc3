import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { DEMO_PASSWORD, seedDemo } from './db/seed-demo.ts';
import { StartupError } from './plugins/db/db.plugin.ts';
import { DOCS_PATH } from './plugins/openapi.plugin.ts';

/** Read config, build, listen, shut down gracefully — nothing else (style.md). */
async function main() {
  const config = loadConfig();
  const app = await buildApp(config);
  const demo = config.seedDemo ? await seedDemo(app.db) : null;
  await app.listen({ port: config.port, host: config.host });

  const shownHost = config.host === '0.0.0.0' || config.host === '::' ? 'localhost' : config.host;
  const url = `http://${shownHost}:${config.port}`;
  const lines = [
    `Smart Care is running: ${url}/`,
    `  staff console: ${url}/staff/`,
    `  API docs:      ${url}${DOCS_PATH}`,
  ];
  if (demo) {
    lines.push(`  demo logins (password ${DEMO_PASSWORD}):`);
    for (const login of demo.logins)
      lines.push(`    ${login.kind.padEnd(8)} ${login.loginId.padEnd(10)} ${login.note}`);
  }
  process.stdout.write(`${lines.join('\n')}\n`);

  let closing = false;
  const shutdown = (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    // A stuck close must not keep a stopped container alive forever.
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'error during shutdown');
        process.exit(1);
      },
    );
  };
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  process.on('SIGINT', () => shutdown('SIGINT'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof StartupError) {
    process.stderr.write(`${error.message}\n`);
  } else {
    process.stderr.write(
      `Smart Care failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    );
  }
  process.exit(1);
});
