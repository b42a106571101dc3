#!/usr/bin/env -S node --import tsx
/**
 * Admin commands for a real deployment (issue 2): hospitals, staff and patients are
 * added here, not through demo data. Uses the same configuration as the server.
 *
 *   npm run admin -w @smartcare/server -- add-hospital --name "스마트병원" [--address ...] [--phone ...] [--areas HOSPITAL,HOMECARE]
 *   npm run admin -w @smartcare/server -- add-staff --login-id nurse01 --name "이간호" --role NURSE --hospital-idx 1
 *   npm run admin -w @smartcare/server -- add-patient --login-id patient01 --name "김환자" [--email ...] [--areas HOSPITAL] [--hospital-idx 1]
 *   npm run admin -w @smartcare/server -- publish-terms
 *
 * Passwords come from the environment variable NEW_PASSWORD (never the command line, which
 * other users of the machine can see) or are generated and printed once.
 */
import { parseArgs } from 'node:util';
import { commands, runCommand, UsageError, type Command } from './cli-commands.ts';
import { ConfigError, loadConfig } from './config.ts';
import { openDatabase, StartupError } from './plugins/db/db.plugin.ts';
import { migrate } from './plugins/db/migrate.ts';

const USAGE = `Usage: npm run admin -w @smartcare/server -- <command> [options]

Commands:
  add-hospital   --name <name> [--address <text>] [--phone <02-000-0000>] [--areas HOSPITAL,HOMECARE]
  add-staff      --login-id <id> --name <name> --role NURSE|COUNSELLOR|DOCTOR|ADMIN --hospital-idx <n>
  add-patient    --login-id <id> --name <name> [--email <mail>] [--areas HOSPITAL,HOMECARE] [--hospital-idx <n>]
  publish-terms  publish the default Korean terms (idempotent)

Passwords: set NEW_PASSWORD in the environment, or one is generated and printed once.
Uses DATA_DIR / DATABASE_URL like the server; stop an embedded-database server first.`;

function parse(argv: string[]) {
  const [command, ...rest] = argv;
  if (!command || command === 'help' || command === '--help') throw new UsageError('');
  if (!(command in commands)) throw new UsageError(`Unknown command: ${command}`);
  const { values } = parseArgs({
    args: rest,
    strict: true,
    options: {
      name: { type: 'string' },
      address: { type: 'string' },
      phone: { type: 'string' },
      areas: { type: 'string' },
      'login-id': { type: 'string' },
      role: { type: 'string' },
      'hospital-idx': { type: 'string' },
      email: { type: 'string' },
    },
  });
  const parsed = commands[command as Command].safeParse(values);
  if (!parsed.success) {
    throw new UsageError(
      parsed.error.issues.map((issue) => `--${issue.path.join('.')}: ${issue.message}`).join('\n'),
    );
  }
  return { command: command as Command, args: parsed.data as Record<string, unknown> };
}

async function main() {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(process.argv.slice(2));
  } catch (error) {
    if (error instanceof UsageError || (error as { code?: string }).code?.startsWith('ERR_PARSE_ARGS')) {
      const message = (error as Error).message;
      process.stderr.write(`${message ? `${message}\n\n` : ''}${USAGE}\n`);
      process.exit(message ? 2 : 0);
    }
    throw error;
  }
  const { db, release } = await openDatabase(loadConfig());
  try {
    await migrate(db);
    process.stdout.write(`${await runCommand(db, parsed.command, parsed.args)}\n`);
  } catch (error) {
    if ((error as { code?: string }).code === '23505')
      throw new UsageError('That login id is already taken.');
    throw error;
  } finally {
    await db.close();
    await release();
  }
}

main().catch((error: unknown) => {
  const known = error instanceof UsageError || error instanceof ConfigError || error instanceof StartupError;
  process.stderr.write(
    `${known ? (error as Error).message : error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
