/**
 * Pino redact paths: credentials, tokens and health values never reach the log
 * (issue 2). Request bodies are not logged at all; these cover objects we log on purpose.
 */
export const logRedactPaths = [
  'req.headers.authorization',
  'req.headers.accesstoken',
  'req.headers.refreshtoken',
  'req.headers.cookie',
  'headers.authorization',
  'headers.accesstoken',
  'headers.refreshtoken',
  '*.password',
  '*.newPassword',
  '*.passwordConfirm',
  '*.newPasswordConfirm',
  '*.passwordHash',
  '*.password_hash',
  '*.accessToken',
  '*.refreshToken',
  '*.fcmToken',
  '*.verificationCode',
  '*.bodyInfo',
  '*.heightCm',
  '*.weightKg',
  '*.bloodType',
  '*.allergies',
  '*.chronicConditions',
  '*.medications',
  '*.value',
  '*.values',
];
