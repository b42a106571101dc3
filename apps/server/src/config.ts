import { z } from 'zod';
import type { PhotoStorage } from './lib/photo/photo-store.ts';
import type { RateLimit } from './lib/token-bucket.ts';

/**
 * Configuration comes from the environment only, validated once at start so a typo fails
 * loudly with the variable's name instead of surfacing later as odd behaviour.
 */
const FLAG_WORDS = {
  true: true,
  false: false,
  '1': true,
  '0': false,
  yes: true,
  no: false,
  on: true,
  off: false,
};

/** A switch, in any case: true/false, 1/0, yes/no, on/off. */
const flag = z
  .string()
  .transform((value) => value.trim().toLowerCase())
  .pipe(
    z.enum(Object.keys(FLAG_WORDS) as [keyof typeof FLAG_WORDS], {
      error: 'use true or false (or 1/0, yes/no, on/off)',
    }),
  )
  .transform((value) => FLAG_WORDS[value]);

/**
 * A number as the environment spells it: digits only, so '' or ' ' is an error rather than
 * zod's coercion to 0, and every way of being wrong gets the one message `expected`.
 */
const number = (expected: string, bounds: { min: number; max?: number; whole?: boolean }) =>
  z
    .string()
    .trim()
    .regex(bounds.whole === false ? /^\d+(\.\d+)?$/ : /^\d+$/, expected)
    .transform(Number)
    .refine((value) => value >= bounds.min && value <= (bounds.max ?? Number.MAX_SAFE_INTEGER), expected);

const seconds = (fallback: number) =>
  number('must be a whole number of seconds, at least 1', { min: 1 }).default(fallback);
const perMinute = (fallback: number) =>
  number('must be a whole number of attempts per minute, at least 1', { min: 1 }).default(fallback);

/** A rate as `burst/perMinute`, e.g. `10/30`: ten at once, then one every two seconds. */
const rate = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .pipe(z.string().regex(/^[1-9]\d{0,5}\/[1-9]\d{0,5}$/, 'must be burst/perMinute, e.g. 10/30'))
    .transform((value) => {
      const [burst, perMinute] = value.split('/').map(Number) as [number, number];
      return { burst, perMinute };
    });

/** An http(s) URL with a default (the Kakao endpoints; tests point them at a stand-in). */
const httpUrl = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .pipe(z.url({ protocol: /^https?$/, error: 'must be an http:// or https:// URL' }));

// issue 17 — telemedicine: a comma-separated list of ICE server URLs of one scheme
const urlList = (scheme: RegExp, message: string) =>
  z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .pipe(
      z.array(
        z
          .string()
          .regex(scheme, message)
          .regex(/^[a-z]+:[^\s,]+$/, message),
      ),
    );

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
/** `Name <address>` or a bare address: what nodemailer puts in the From header. */
const SENDER = /^(?:[^<>]*<[^<>\s@]+@[^<>\s@]+>|[^<>\s@]+@[^<>\s@]+)$/;

const envSchema = z
  .object({
    NODE_ENV: z.string().default('development'),
    PORT: number('must be a port number from 0 to 65535 (0 picks a free one)', {
      min: 0,
      max: 65535,
    }).default(8080),
    HOST: z
      .string()
      .trim()
      .min(1, 'must be an address to listen on, e.g. 0.0.0.0 or 127.0.0.1')
      .default('0.0.0.0'),
    DATA_DIR: z.string().trim().min(1, 'must be a directory path, e.g. ./data').default('./data'),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must be a postgres:// URL')
      .optional(),
    ACCESS_TOKEN_TTL_S: seconds(900),
    REFRESH_TOKEN_TTL_S: seconds(14 * 24 * 3600),
    SEED_DEMO: flag.optional(),
    LOG_LEVEL: z
      .string()
      .transform((value) => value.trim().toLowerCase())
      .pipe(z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(', ')}` }))
      .default('info'),
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
    MAIL_FROM: z
      .string()
      .trim()
      .regex(SENDER, 'must be a sender address, e.g. Smart Care <no-reply@example.com>')
      .default('Smart Care <no-reply@smartcare.local>'),
    TOKEN_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    DELETION_GRACE_DAYS: number('must be a number of days from 0 to 90', {
      min: 0,
      max: 90,
      whole: false,
    }).default(7),
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
    LOGIN_RATE_LIMIT_PER_MIN: perMinute(30),
    /** Failed passwords in a row before a login id is locked for a while (decision 013). */
    LOGIN_LOCK_THRESHOLD: number('must be a whole number of failed logins, at least 1', { min: 1 }).default(
      5,
    ),
    LOGIN_LOCK_SECONDS: seconds(15 * 60),
    /** Sign-up, password reset and deletion tries per address per minute. */
    ACCOUNT_RATE_LIMIT_PER_MIN: perMinute(10),
    /** Maximum JSON body in bytes. */
    BODY_LIMIT: number('must be a whole number of bytes, at least 1', { min: 1 }).default(64 * 1024),
    /** Behind a load balancer: take the client address from X-Forwarded-For (per-address limits). */
    TRUST_PROXY: flag.default(false),
    /** How often the scheduled jobs look for work. */
    JOB_INTERVAL_S: seconds(60),
    // issue 10 point 17
    /** Development only: without SMTP_URL, write reset mails (codes included) to the log. */
    DEV_LOG_RESET_CODES: flag.default(false),
    // issue 10
    /** Minutes an unacknowledged nurse call waits before it escalates (domain.md); a hospital may set its own. */
    NURSE_CALL_ESCALATE_MIN: number('must be a whole number of minutes from 1 to 120', {
      min: 1,
      max: 120,
    }).default(5),
    // Broker limits, revocation (issue 10 points 12, 13; decision 012)
    /** How long a process trusts what it last read about a login: the bound on noticing another process's logout. */
    SESSION_RECHECK_S: seconds(5),
    /** Chat messages a connection, and a person over all their connections, may publish. */
    CHAT_MESSAGE_RATE: rate('10/30'),
    CHAT_MESSAGE_RATE_PER_PERSON: rate('20/60'),
    /** Nurse calls a connection, and a patient over all their connections, may publish. */
    NURSE_CALL_RATE: rate('3/6'),
    NURSE_CALL_RATE_PER_PATIENT: rate('5/10'),
    // Notifications (issue 12, decision 015)
    /** Firebase service account for FCM HTTP v1: a path to its JSON file, or the JSON itself. Unset: wrapper pushes are skipped. */
    FCM_SERVICE_ACCOUNT: z.string().trim().min(1, 'must be a file path or the JSON text').optional(),
    /** FCM's API origin (tests point it at a local stand-in). */
    FCM_ENDPOINT: z
      .url({ error: 'must be a URL such as https://fcm.googleapis.com' })
      .default('https://fcm.googleapis.com'),
    /** Google's OAuth token URL for the service account (tests point it at a local stand-in). */
    FCM_TOKEN_URL: z
      .url({ error: 'must be a URL such as https://oauth2.googleapis.com/token' })
      .default('https://oauth2.googleapis.com/token'),
    /** Web Push VAPID key pair (base64url); unset: generated once and kept in DATA_DIR (or the database). */
    VAPID_PUBLIC_KEY: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{80,100}$/, 'must be a base64url P-256 public key')
      .optional(),
    VAPID_PRIVATE_KEY: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9_-]{40,50}$/, 'must be a base64url P-256 private key')
      .optional(),
    /** Who push services may contact about our pushes (VAPID `sub`). */
    VAPID_SUBJECT: z
      .string()
      .trim()
      .regex(/^(mailto:\S+@\S+|https:\/\/\S+)$/, 'must be a mailto: or https: URL')
      .default('mailto:no-reply@smartcare.local'),
    /** Tries per push and device before it is given up (429 and 5xx are retried with backoff). */
    PUSH_MAX_ATTEMPTS: number('must be a whole number of tries from 1 to 20', { min: 1, max: 20 }).default(6),
    // issue 12 — Kakao login (decision 016): on when the REST API key and the admin key are set
    KAKAO_REST_API_KEY: z.string().trim().min(1, 'must be the app’s REST API key').optional(),
    KAKAO_CLIENT_SECRET: z.string().trim().min(1, 'must be the client secret, or leave it unset').optional(),
    KAKAO_ADMIN_KEY: z.string().trim().min(1, 'must be the app’s admin key').optional(),
    /** Kakao's app id: when set, the unlink callback must name it. */
    KAKAO_APP_ID: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, 'must be the numeric app id')
      .optional(),
    /** The patient app's public origin, for redirect_uri; unset: the origin the request came to. */
    KAKAO_REDIRECT_ORIGIN: z
      .url({ error: 'must be an origin such as https://app.example.com' })
      .transform((value) => new URL(value).origin)
      .optional(),
    // issue 16 — the patient-facing origin printed on certificates (the QR code's verify URL)
    PUBLIC_ORIGIN: z
      .string()
      .trim()
      .pipe(
        z.url({
          protocol: /^https?$/,
          error: 'must be an http:// or https:// origin such as https://app.example.com',
        }),
      )
      .transform((value) => new URL(value).origin)
      .optional(),
    KAKAO_AUTHORIZE_URL: httpUrl('https://kauth.kakao.com/oauth/authorize'),
    KAKAO_TOKEN_URL: httpUrl('https://kauth.kakao.com/oauth/token'),
    KAKAO_USER_URL: httpUrl('https://kapi.kakao.com/v2/user/me'),
    KAKAO_UNLINK_URL: httpUrl('https://kapi.kakao.com/v1/user/unlink'),
    // issue 15 — medication reminders (decision 024)
    /** A dose not recorded this long after its time is MISSED (also when the next dose comes due). */
    MEDICATION_MISSED_AFTER_MIN: number('must be a whole number of minutes from 15 to 720', {
      min: 15,
      max: 720,
    }).default(120),
    /** An ignored medication reminder is repeated after this many minutes … */
    MEDICATION_REALERT_MIN: number('must be a whole number of minutes from 5 to 120', {
      min: 5,
      max: 120,
    }).default(15),
    /** … at most this many times (0: no re-alert). */
    MEDICATION_REALERT_MAX: number('must be a whole number from 0 to 5', { min: 0, max: 5 }).default(2),
    // issue 17 — telemedicine (decision 030, docs/telemedicine.md): ICE servers for the video calls
    /** STUN servers, comma-separated `stun:host:port` (unset: none; host candidates still work on a LAN). */
    TELEMEDICINE_STUN_URLS: urlList(
      /^stuns?:/,
      'each entry must be a stun: or stuns: URL, e.g. stun:turn.example.com:3478',
    ),
    /** TURN servers (coturn with use-auth-secret), comma-separated `turn:host:3478?transport=udp`, `turns:host:5349`. */
    TELEMEDICINE_TURN_URLS: urlList(
      /^turns?:/,
      'each entry must be a turn: or turns: URL, e.g. turns:turn.example.com:5349',
    ),
    /** coturn's `static-auth-secret`: TURN REST credentials are HMAC-SHA1 of it. */
    TELEMEDICINE_TURN_SECRET: z.string().trim().min(16, 'must be at least 16 characters').optional(),
    /** How long issued TURN credentials are valid. */
    TELEMEDICINE_TURN_TTL_S: number('must be a whole number of seconds from 60 to 86400', {
      min: 60,
      max: 86_400,
    }).default(3600),
    /** Signalling messages (offer, answer, ICE candidates) a connection, and a person, may publish. */
    TELEMEDICINE_SIGNAL_RATE: rate('60/360'),
    TELEMEDICINE_SIGNAL_RATE_PER_PERSON: rate('120/720'),
    // issue 15 — photo storage (decision 025): files under DATA_DIR, or an S3-compatible bucket
    PHOTO_STORAGE: z.enum(['file', 's3'], { error: 'must be file or s3' }).default('file'),
    /** The S3-compatible server, e.g. https://kr.object.ncloudstorage.com; unset: AWS for S3_REGION. */
    S3_ENDPOINT: z.url({ error: 'must be a URL such as https://kr.object.ncloudstorage.com' }).optional(),
    S3_REGION: z
      .string()
      .trim()
      .regex(/^[a-z0-9-]{2,40}$/, 'must be a region name such as kr-standard or ap-northeast-2')
      .default('us-east-1'),
    S3_BUCKET: z
      .string()
      .trim()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3–63 of a-z, 0-9, . and -)')
      .optional(),
    S3_ACCESS_KEY_ID: z.string().trim().min(1, 'must be the access key id').optional(),
    S3_SECRET_ACCESS_KEY: z.string().trim().min(1, 'must be the secret access key').optional(),
    /** Bucket in the path rather than the host name (MinIO, Ceph and most self-hosted servers). */
    S3_FORCE_PATH_STYLE: flag.default(false),
  })
  .superRefine((env, context) => {
    // An access token that outlives its refresh token would make refreshing pointless.
    if (env.ACCESS_TOKEN_TTL_S > env.REFRESH_TOKEN_TTL_S) {
      context.addIssue({
        code: 'custom',
        path: ['ACCESS_TOKEN_TTL_S'],
        message: `must not be longer than REFRESH_TOKEN_TTL_S (${env.ACCESS_TOKEN_TTL_S} > ${env.REFRESH_TOKEN_TTL_S})`,
      });
    }
    // Notifications (issue 12): half a VAPID pair cannot sign.
    if (Boolean(env.VAPID_PUBLIC_KEY) !== Boolean(env.VAPID_PRIVATE_KEY)) {
      context.addIssue({
        code: 'custom',
        path: [env.VAPID_PUBLIC_KEY ? 'VAPID_PRIVATE_KEY' : 'VAPID_PUBLIC_KEY'],
        message: 'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY are set together or not at all',
      });
    }
    // Half a Kakao set-up would show a button that cannot finish, or accounts it cannot unlink.
    if (Boolean(env.KAKAO_REST_API_KEY) !== Boolean(env.KAKAO_ADMIN_KEY)) {
      context.addIssue({
        code: 'custom',
        path: [env.KAKAO_REST_API_KEY ? 'KAKAO_ADMIN_KEY' : 'KAKAO_REST_API_KEY'],
        message: 'Kakao login needs both KAKAO_REST_API_KEY and KAKAO_ADMIN_KEY',
      });
    }
    // A logged reset code resets the account: never where real patients are.
    if (env.DEV_LOG_RESET_CODES && env.NODE_ENV === 'production') {
      context.addIssue({
        code: 'custom',
        path: ['DEV_LOG_RESET_CODES'],
        message: 'is for development only; it cannot be on with NODE_ENV=production',
      });
    }
    // issue 17 — telemedicine: TURN without its secret (or a secret without TURN) cannot work.
    if (env.TELEMEDICINE_TURN_URLS.length > 0 !== Boolean(env.TELEMEDICINE_TURN_SECRET)) {
      context.addIssue({
        code: 'custom',
        path: [env.TELEMEDICINE_TURN_SECRET ? 'TELEMEDICINE_TURN_URLS' : 'TELEMEDICINE_TURN_SECRET'],
        message: 'TELEMEDICINE_TURN_URLS and TELEMEDICINE_TURN_SECRET are set together or not at all',
      });
    }
    // issue 15 — S3 photo storage needs its bucket and both keys, or photos would fail at the first upload.
    if (env.PHOTO_STORAGE === 's3') {
      for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[name])
          context.addIssue({ code: 'custom', path: [name], message: 'is needed when PHOTO_STORAGE=s3' });
      }
    }
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
  logLevel: (typeof LOG_LEVELS)[number];
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
  /** Reset codes (which reset accounts) may be written to the log: development only (issue 10 point 17). */
  devLogResetCodes: boolean;
  nurseCallEscalationMin: number;
  // Broker limits, revocation (issue 10 points 12, 13)
  sessionRecheckS: number;
  publishLimits: Record<'chatMessage' | 'nurseCall', { perConnection: RateLimit; perPerson: RateLimit }> & {
    // issue 17 — telemedicine signalling (optional: a test's own limits may leave it out)
    telemedicineSignal?: { perConnection: RateLimit; perPerson: RateLimit };
  };
  // Notifications (issue 12)
  fcmServiceAccount: string | undefined;
  fcmEndpoint: string;
  fcmTokenUrl: string;
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  vapidSubject: string;
  pushMaxAttempts: number;
  // issue 12 — Kakao login; null: not configured, no Kakao button
  kakao: KakaoSettings | null;
  // issue 15 — medication reminders
  medication: { missedAfterMin: number; realertMin: number; realertMax: number };
  // issue 17 — telemedicine: ICE servers (TURN REST credentials from the secret)
  telemedicine: { stunUrls: string[]; turnUrls: string[]; turnSecret: string | undefined; turnTtlS: number };
  // issue 15 — photo storage (diet and Q&A photos)
  photoStorage: PhotoStorage;
  /**
   * issue 16 — the patient-facing origin printed on certificates (`{publicOrigin}/verify/{code}`);
   * undefined: the origin the server listens on, never the request's Host header.
   */
  publicOrigin: string | undefined;
}

/** Kakao Login's keys and endpoints (domain.md); the secret and admin key never leave the server. */
export interface KakaoSettings {
  restApiKey: string;
  clientSecret: string | undefined;
  adminKey: string;
  appId: string | undefined;
  redirectOrigin: string | undefined;
  authorizeUrl: string;
  tokenUrl: string;
  userUrl: string;
  unlinkUrl: string;
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
    devLogResetCodes: e.DEV_LOG_RESET_CODES,
    nurseCallEscalationMin: e.NURSE_CALL_ESCALATE_MIN,
    // Broker limits, revocation (issue 10 points 12, 13)
    sessionRecheckS: e.SESSION_RECHECK_S,
    publishLimits: {
      chatMessage: { perConnection: e.CHAT_MESSAGE_RATE, perPerson: e.CHAT_MESSAGE_RATE_PER_PERSON },
      nurseCall: { perConnection: e.NURSE_CALL_RATE, perPerson: e.NURSE_CALL_RATE_PER_PATIENT },
      // issue 17 — telemedicine signalling
      telemedicineSignal: {
        perConnection: e.TELEMEDICINE_SIGNAL_RATE,
        perPerson: e.TELEMEDICINE_SIGNAL_RATE_PER_PERSON,
      },
    },
    // Notifications (issue 12)
    fcmServiceAccount: e.FCM_SERVICE_ACCOUNT,
    fcmEndpoint: e.FCM_ENDPOINT.replace(/\/+$/, ''),
    fcmTokenUrl: e.FCM_TOKEN_URL,
    vapidKeys:
      e.VAPID_PUBLIC_KEY && e.VAPID_PRIVATE_KEY
        ? { publicKey: e.VAPID_PUBLIC_KEY, privateKey: e.VAPID_PRIVATE_KEY }
        : undefined,
    vapidSubject: e.VAPID_SUBJECT,
    pushMaxAttempts: e.PUSH_MAX_ATTEMPTS,
    // issue 12 — Kakao login
    kakao:
      e.KAKAO_REST_API_KEY && e.KAKAO_ADMIN_KEY
        ? {
            restApiKey: e.KAKAO_REST_API_KEY,
            clientSecret: e.KAKAO_CLIENT_SECRET,
            adminKey: e.KAKAO_ADMIN_KEY,
            appId: e.KAKAO_APP_ID,
            redirectOrigin: e.KAKAO_REDIRECT_ORIGIN,
            authorizeUrl: e.KAKAO_AUTHORIZE_URL,
            tokenUrl: e.KAKAO_TOKEN_URL,
            userUrl: e.KAKAO_USER_URL,
            unlinkUrl: e.KAKAO_UNLINK_URL,
          }
        : null,
    // issue 15 — medication reminders
    medication: {
      missedAfterMin: e.MEDICATION_MISSED_AFTER_MIN,
      realertMin: e.MEDICATION_REALERT_MIN,
      realertMax: e.MEDICATION_REALERT_MAX,
    },
    // issue 17 — telemedicine
    telemedicine: {
      stunUrls: e.TELEMEDICINE_STUN_URLS,
      turnUrls: e.TELEMEDICINE_TURN_URLS,
      turnSecret: e.TELEMEDICINE_TURN_SECRET,
      turnTtlS: e.TELEMEDICINE_TURN_TTL_S,
    },
    // issue 15 — photo storage
    photoStorage:
      e.PHOTO_STORAGE === 's3'
        ? {
            kind: 's3',
            endpoint: e.S3_ENDPOINT,
            region: e.S3_REGION,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : { kind: 'file' },
    // issue 16 — certificates' verify URL
    publicOrigin: e.PUBLIC_ORIGIN,
  };
}
