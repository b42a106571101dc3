import { z } from 'zod';

/**
 * Configuration comes from the environment only, validated once at start so a typo fails
 * loudly with the variable's name instead of surfacing later as odd behaviour.
 */
const flag = z
  .enum(['1', '0', 'true', 'false', 'yes', 'no', 'on', 'off'], {
    error: 'use true or false',
  })
  .transform((value) => ['1', 'true', 'yes', 'on'].includes(value));

const seconds = (fallback: number) =>
  z.coerce.number({ error: 'must be a number of seconds' }).int().positive().default(fallback);

const envSchema = z.object({
  NODE_ENV: z.string().default('development'),
  PORT: z.coerce.number({ error: 'must be a port number' }).int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
    .optional(),
  ACCESS_TOKEN_TTL_S: seconds(900),
  REFRESH_TOKEN_TTL_S: seconds(14 * 24 * 3600),
  SEED_DEMO: flag.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CORS_ORIGINS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    )
    .pipe(z.array(z.url({ error: 'each entry must be an origin such as https://app.example.com' }))),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Smart Care <no-reply@smartcare.local>'),
  TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  DELETION_GRACE_DAYS: z.coerce.number({ error: 'must be a number of days' }).min(0).max(90).default(7),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must be a redis:// URL')
    .optional(),
  /** Keeps several deployments (or test runs) apart on one Redis: prefixes channels and keys. */
  REDIS_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9:_-]{1,64}$/, 'letters, digits, : _ - only')
    .default('smartcare:'),
  /** Login tries per address per minute before RATE_LIMITED (brief §3). */
  LOGIN_RATE_LIMIT_PER_MIN: z.coerce.number().int().positive().default(30),
  /** Failed passwords in a row before an account is locked for a while. */
  LOGIN_LOCK_THRESHOLD: z.coerce.number().int().positive().default(5),
  LOGIN_LOCK_SECONDS: seconds(15 * 60),
  /** Sign-up, password reset and deletion tries per address per minute. */
  ACCOUNT_RATE_LIMIT_PER_MIN: z.coerce.number().int().positive().default(10),
  /** Maximum JSON body in bytes. */
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(64 * 1024),
  /** Behind a load balancer: take the client address from X-Forwarded-For (per-address limits). */
  TRUST_PROXY: flag.default(false),
  /** How often the scheduled jobs look for work. */
  JOB_INTERVAL_S: seconds(60),
});

export interface Config {
  nodeEnv: string;
  isProduction: boolean;
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  accessTokenTtlS: number;
  refreshTokenTtlS: number;
  seedDemo: boolean;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  corsOrigins: string[];
  smtpUrl: string | undefined;
  mailFrom: string;
  tokenSecret: string | undefined;
  deletionGraceDays: number;
  redisUrl: string | undefined;
  redisPrefix: string;
  loginRateLimitPerMin: number;
  loginLockThreshold: number;
  loginLockSeconds: number;
  accountRateLimitPerMin: number;
  bodyLimit: number;
  jobIntervalS: number;
  trustProxy: boolean;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const e = parsed.data;
  return {
    nodeEnv: e.NODE_ENV,
    isProduction: e.NODE_ENV === 'production',
    port: e.PORT,
    host: e.HOST,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    accessTokenTtlS: e.ACCESS_TOKEN_TTL_S,
    refreshTokenTtlS: e.REFRESH_TOKEN_TTL_S,
    // Demo data belongs to the zero-set-up embedded database, never silently to a real one.
    seedDemo: e.SEED_DEMO ?? !e.DATABASE_URL,
    logLevel: e.LOG_LEVEL,
    corsOrigins: e.CORS_ORIGINS,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    tokenSecret: e.TOKEN_SECRET,
    deletionGraceDays: e.DELETION_GRACE_DAYS,
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    loginRateLimitPerMin: e.LOGIN_RATE_LIMIT_PER_MIN,
    loginLockThreshold: e.LOGIN_LOCK_THRESHOLD,
    loginLockSeconds: e.LOGIN_LOCK_SECONDS,
    accountRateLimitPerMin: e.ACCOUNT_RATE_LIMIT_PER_MIN,
    bodyLimit: e.BODY_LIMIT,
    jobIntervalS: e.JOB_INTERVAL_S,
    trustProxy: e.TRUST_PROXY,
  };
}
