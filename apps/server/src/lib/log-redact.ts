/**
 * What never reaches the log (issue 2): credentials, tokens and health values, at any depth
 * of a logged object, and what a database error copies from the row it refused
 * (PostgreSQL's `detail`: "Failing row contains (…)", bound parameters).
 *
 * Pino's own redact paths take a wildcard per level only (`*.password` misses
 * `{ a: { b: { password } } }`), so the logger's `formatters.log` walks each logged object
 * instead, up to a depth bound; deeper parts are dropped rather than logged unchecked.
 * Request bodies are not logged at all; this covers what is logged on purpose or by mistake.
 */

export const REDACTED = '[redacted]';
export const TOO_DEEP = '[too deep to log]';
/** Levels below the logged object that are still walked; logged objects are shallow. */
export const REDACT_MAX_DEPTH = 8;

/** Compared lower-case: header names arrive lower-case, body fields in camelCase. */
const SENSITIVE_KEYS = new Set(
  [
    // Credentials and tokens (headers and body fields)
    'authorization',
    'cookie',
    'set-cookie',
    'accessToken',
    'refreshToken',
    'token',
    'fcmToken',
    'password',
    'newPassword',
    'passwordConfirm',
    'newPasswordConfirm',
    'passwordHash',
    'password_hash',
    'verificationCode',
    'codeHash',
    'code_hash',
    'tokenSecret',
    // issue 12: push credentials and browsers' push keys
    'fcmServiceAccount',
    'private_key',
    'privateKey',
    'vapidKeys',
    'p256dh',
    // Health values (body information and measurements)
    'bodyInfo',
    'heightCm',
    'height_cm',
    'weightKg',
    'weight_kg',
    'bloodType',
    'blood_type',
    'allergies',
    'chronicConditions',
    'chronic_conditions',
    'medications',
    'emergencyContactName',
    'emergency_contact_name',
    'emergencyContactPhone',
    'emergency_contact_phone',
    'value',
    'values',
  ].map((key) => key.toLowerCase()),
);

/** Parts of an error that quote the data: the refused row, the bound values. */
const ERROR_DATA_KEYS = new Set(['detail', 'params', 'parameters']);

function isPlainObject(value: object): value is Record<string, unknown> {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

function redactValue(value: unknown, depth: number, inError: boolean): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (depth > REDACT_MAX_DEPTH) return TOO_DEEP;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1, inError));
  if (value instanceof Error) return redactError(value, depth);
  // Requests, replies, buffers, dates …: left to their serializers, which pick safe fields.
  if (!isPlainObject(value)) return value;
  const out: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) out[key] = redactEntry(key, item, depth, inError);
  return out;
}

function redactEntry(key: string, value: unknown, depth: number, inError: boolean): unknown {
  if (value === undefined) return value;
  if (SENSITIVE_KEYS.has(key.toLowerCase())) return REDACTED;
  if (inError && ERROR_DATA_KEYS.has(key)) return REDACTED;
  return redactValue(value, depth + 1, inError);
}

/**
 * A copy of the error with the same prototype (so the logger's error serializer still sees an
 * Error: type, message, stack) and every own property redacted, its cause included.
 */
function redactError(error: Error, depth: number): Error {
  const copy = Object.create(Object.getPrototypeOf(error) as object) as Error;
  for (const key of Reflect.ownKeys(error)) {
    const descriptor = Object.getOwnPropertyDescriptor(error, key)!;
    if ('value' in descriptor && typeof key === 'string' && key !== 'message' && key !== 'stack') {
      descriptor.value = redactEntry(key, descriptor.value, depth, true);
    }
    Object.defineProperty(copy, key, descriptor);
  }
  return copy;
}

/** The logged object with sensitive values replaced, at any depth up to the bound. */
export function redactLogObject(object: Record<string, unknown>): Record<string, unknown> {
  return redactValue(object, 0, false) as Record<string, unknown>;
}

/**
 * Pino redact paths for what the walk cannot see: the request serializer's output, should it
 * ever include headers (Fastify's default does not).
 */
export const logRedactPaths = [
  'req.headers.authorization',
  'req.headers.accesstoken',
  'req.headers.refreshtoken',
  'req.headers.cookie',
];

/** Spread into the Fastify logger options. */
export const logRedaction = {
  redact: { paths: logRedactPaths, censor: REDACTED },
  formatters: { log: redactLogObject },
};
