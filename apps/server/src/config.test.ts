import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.ts';

describe('configuration from the environment', () => {
  it('has working defaults for a first start', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 8080,
      dataDir: './data',
      accessTokenTtlS: 900,
      refreshTokenTtlS: 14 * 86400,
      seedDemo: true,
      deletionGraceDays: 7,
      corsOrigins: [],
    });
    expect(config.tokenSecret).toBeUndefined();
  });

  it('demo data is off by default with a real database, and can be switched either way', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://db/smartcare' }).seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://db/smartcare', SEED_DEMO: 'true' }).seedDemo).toBe(true);
    expect(loadConfig({ SEED_DEMO: '0' }).seedDemo).toBe(false);
  });

  it('names every wrong variable and what is wrong with it', () => {
    const env = {
      PORT: 'eighty',
      DATABASE_URL: 'mysql://x',
      TOKEN_SECRET: 'short',
      CORS_ORIGINS: 'https://ok.example, not a url',
      SEED_DEMO: 'maybe',
    };
    let error: unknown;
    try {
      loadConfig(env);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const message = (error as Error).message;
    expect(message).toContain('PORT: must be a port number from 0 to 65535');
    expect(message).toContain('DATABASE_URL: must be a postgres:// URL');
    expect(message).toContain('TOKEN_SECRET: must be at least 32 characters');
    expect(message).toContain('CORS_ORIGINS');
    expect(message).toContain('SEED_DEMO: use true or false');
  });

  it('reads the lists and numbers it is given', () => {
    const config = loadConfig({
      CORS_ORIGINS: 'https://a.example, https://b.example',
      ACCESS_TOKEN_TTL_S: '60',
      DELETION_GRACE_DAYS: '0',
    });
    expect(config.corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(config.accessTokenTtlS).toBe(60);
    expect(config.deletionGraceDays).toBe(0);
  });

  /** The message of the ConfigError that `env` raises ('' when it loads). */
  function problemsWith(env: Record<string, string>): string {
    try {
      loadConfig(env);
      return '';
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as Error).message;
    }
  }

  it.each([
    [{ PORT: '' }, 'PORT: must be a port number from 0 to 65535'],
    [{ PORT: ' ' }, 'PORT: must be a port number from 0 to 65535'],
    [{ PORT: '65536' }, 'PORT: must be a port number from 0 to 65535'],
    [{ HOST: '' }, 'HOST: must be an address to listen on, e.g. 0.0.0.0 or 127.0.0.1'],
    [{ DATA_DIR: ' ' }, 'DATA_DIR: must be a directory path'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL: must be one of fatal, error, warn, info, debug, trace, silent'],
    [{ ACCESS_TOKEN_TTL_S: '' }, 'ACCESS_TOKEN_TTL_S: must be a whole number of seconds, at least 1'],
    [{ REFRESH_TOKEN_TTL_S: '1e3' }, 'REFRESH_TOKEN_TTL_S: must be a whole number of seconds, at least 1'],
    [
      { ACCESS_TOKEN_TTL_S: '3600', REFRESH_TOKEN_TTL_S: '600' },
      'ACCESS_TOKEN_TTL_S: must not be longer than REFRESH_TOKEN_TTL_S (3600 > 600)',
    ],
    [{ MAIL_FROM: '' }, 'MAIL_FROM: must be a sender address, e.g. Smart Care <no-reply@example.com>'],
    [{ MAIL_FROM: 'Smart Care' }, 'MAIL_FROM: must be a sender address'],
    [
      { LOGIN_RATE_LIMIT_PER_MIN: '0' },
      'LOGIN_RATE_LIMIT_PER_MIN: must be a whole number of attempts per minute',
    ],
    [
      { ACCOUNT_RATE_LIMIT_PER_MIN: 'ten' },
      'ACCOUNT_RATE_LIMIT_PER_MIN: must be a whole number of attempts per minute',
    ],
    [
      { LOGIN_LOCK_THRESHOLD: '' },
      'LOGIN_LOCK_THRESHOLD: must be a whole number of failed logins, at least 1',
    ],
    [{ LOGIN_LOCK_SECONDS: '-5' }, 'LOGIN_LOCK_SECONDS: must be a whole number of seconds, at least 1'],
    [{ BODY_LIMIT: '64k' }, 'BODY_LIMIT: must be a whole number of bytes, at least 1'],
    [{ JOB_INTERVAL_S: '0' }, 'JOB_INTERVAL_S: must be a whole number of seconds, at least 1'],
    [{ DELETION_GRACE_DAYS: '91' }, 'DELETION_GRACE_DAYS: must be a number of days from 0 to 90'],
    [{ TRUST_PROXY: 'sure' }, 'TRUST_PROXY: use true or false (or 1/0, yes/no, on/off)'],
    // issue 10
    [
      { NURSE_CALL_ESCALATE_MIN: '0' },
      'NURSE_CALL_ESCALATE_MIN: must be a whole number of minutes from 1 to 120',
    ],
    [
      { NURSE_CALL_ESCALATE_MIN: '5m' },
      'NURSE_CALL_ESCALATE_MIN: must be a whole number of minutes from 1 to 120',
    ],
  ])('refuses %j in plain words, naming the variable', (env, expected) => {
    const message = problemsWith(env);
    expect(message).toContain(expected);
    // zod's own wording never reaches the operator.
    expect(message).not.toMatch(/Too small|Too big|received NaN|Invalid input|expected number/i);
  });

  it('reads switches in any case and spelling', () => {
    for (const [value, expected] of [
      ['TRUE', true],
      ['False', false],
      ['1', true],
      ['0', false],
      ['YES', true],
      ['no', false],
      [' On ', true],
      ['OFF', false],
    ] as const) {
      expect(loadConfig({ SEED_DEMO: value }).seedDemo).toBe(expected);
      expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toBe(expected);
    }
  });

  it('accepts the edges of what is allowed', () => {
    const config = loadConfig({
      PORT: '0',
      LOG_LEVEL: 'DEBUG',
      ACCESS_TOKEN_TTL_S: '600',
      REFRESH_TOKEN_TTL_S: '600',
      MAIL_FROM: 'care@hospital.example',
      DELETION_GRACE_DAYS: '0.5',
    });
    expect(config).toMatchObject({
      port: 0,
      logLevel: 'debug',
      accessTokenTtlS: 600,
      refreshTokenTtlS: 600,
      mailFrom: 'care@hospital.example',
      deletionGraceDays: 0.5,
    });
  });

  it('writes reset codes to the log only when DEV_LOG_RESET_CODES says so, never in production', () => {
    expect(loadConfig({}).devLogResetCodes).toBe(false);
    expect(loadConfig({ DEV_LOG_RESET_CODES: 'on' }).devLogResetCodes).toBe(true);
    expect(() => loadConfig({ NODE_ENV: 'production', DEV_LOG_RESET_CODES: 'true' })).toThrow(
      /DEV_LOG_RESET_CODES: is for development only/,
    );
  });

  // issue 12 — Kakao login
  it('turns Kakao login on only with both keys, with Kakao’s endpoints unless told otherwise', () => {
    expect(loadConfig({}).kakao).toBeNull();
    const kakao = loadConfig({
      KAKAO_REST_API_KEY: 'rest-key',
      KAKAO_ADMIN_KEY: 'admin-key',
      KAKAO_REDIRECT_ORIGIN: 'https://app.example.com/ignored/path',
      KAKAO_TOKEN_URL: 'http://127.0.0.1:4010/oauth/token',
    }).kakao;
    expect(kakao).toEqual({
      restApiKey: 'rest-key',
      clientSecret: undefined,
      adminKey: 'admin-key',
      appId: undefined,
      redirectOrigin: 'https://app.example.com',
      authorizeUrl: 'https://kauth.kakao.com/oauth/authorize',
      tokenUrl: 'http://127.0.0.1:4010/oauth/token',
      userUrl: 'https://kapi.kakao.com/v2/user/me',
      unlinkUrl: 'https://kapi.kakao.com/v1/user/unlink',
    });
    expect(() => loadConfig({ KAKAO_REST_API_KEY: 'rest-key' })).toThrow(
      /KAKAO_ADMIN_KEY: Kakao login needs both KAKAO_REST_API_KEY and KAKAO_ADMIN_KEY/,
    );
    expect(() => loadConfig({ KAKAO_ADMIN_KEY: 'admin-key' })).toThrow(
      /KAKAO_REST_API_KEY: Kakao login needs both/,
    );
    expect(() => loadConfig({ KAKAO_USER_URL: 'ftp://kakao.example/me' })).toThrow(
      /KAKAO_USER_URL: must be an http:\/\/ or https:\/\/ URL/,
    );
    expect(() => loadConfig({ KAKAO_APP_ID: 'abc' })).toThrow(/KAKAO_APP_ID: must be the numeric app id/);
  });

  // issue 16 — certificates' verify URL
  it('takes PUBLIC_ORIGIN as an http(s) origin, unset by default', () => {
    expect(loadConfig({}).publicOrigin).toBeUndefined();
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://app.example.com/ignored/path' }).publicOrigin).toBe(
      'https://app.example.com',
    );
    expect(loadConfig({ PUBLIC_ORIGIN: ' http://127.0.0.1:8080 ' }).publicOrigin).toBe(
      'http://127.0.0.1:8080',
    );
    for (const bad of ['app.example.com', 'ftp://app.example.com', 'javascript:alert(1)'])
      expect(() => loadConfig({ PUBLIC_ORIGIN: bad }), bad).toThrow(
        /PUBLIC_ORIGIN: must be an http:\/\/ or https:\/\/ origin/,
      );
  });

  // issue 15 — photo storage
  it('keeps photos on the file system unless PHOTO_STORAGE=s3 with a bucket and both keys', () => {
    expect(loadConfig({}).photoStorage).toEqual({ kind: 'file' });
    expect(
      loadConfig({
        PHOTO_STORAGE: 's3',
        S3_ENDPOINT: 'https://kr.object.ncloudstorage.com',
        S3_REGION: 'kr-standard',
        S3_BUCKET: 'smartcare-photos',
        S3_ACCESS_KEY_ID: 'id',
        S3_SECRET_ACCESS_KEY: 'secret',
        S3_FORCE_PATH_STYLE: 'yes',
      }).photoStorage,
    ).toEqual({
      kind: 's3',
      endpoint: 'https://kr.object.ncloudstorage.com',
      region: 'kr-standard',
      bucket: 'smartcare-photos',
      accessKeyId: 'id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    expect(() => loadConfig({ PHOTO_STORAGE: 's3', S3_BUCKET: 'photos' })).toThrow(
      /S3_ACCESS_KEY_ID: is needed when PHOTO_STORAGE=s3[\s\S]*S3_SECRET_ACCESS_KEY: is needed/,
    );
    expect(() => loadConfig({ PHOTO_STORAGE: 'disk' })).toThrow(/PHOTO_STORAGE: must be file or s3/);
    expect(() => loadConfig({ S3_BUCKET: 'Bad_Bucket' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ S3_ENDPOINT: 'not a url' })).toThrow(/S3_ENDPOINT: must be a URL/);
  });
});

// issue 17 — telemedicine
describe('telemedicine ICE settings', () => {
  it('has none by default, reads lists of STUN and TURN URLs, and wants TURN and its secret together', () => {
    expect(loadConfig({}).telemedicine).toEqual({
      stunUrls: [],
      turnUrls: [],
      turnSecret: undefined,
      turnTtlS: 3600,
    });
    expect(loadConfig({}).publishLimits.telemedicineSignal).toEqual({
      perConnection: { burst: 60, perMinute: 360 },
      perPerson: { burst: 120, perMinute: 720 },
    });
    const set = loadConfig({
      TELEMEDICINE_STUN_URLS: 'stun:turn.example.com:3478',
      TELEMEDICINE_TURN_URLS:
        ' turn:turn.example.com:3478?transport=udp , turns:turn.example.com:5349?transport=tcp',
      TELEMEDICINE_TURN_SECRET: '0123456789abcdef0123',
      TELEMEDICINE_TURN_TTL_S: '600',
    });
    expect(set.telemedicine).toEqual({
      stunUrls: ['stun:turn.example.com:3478'],
      turnUrls: ['turn:turn.example.com:3478?transport=udp', 'turns:turn.example.com:5349?transport=tcp'],
      turnSecret: '0123456789abcdef0123',
      turnTtlS: 600,
    });
    expect(() => loadConfig({ TELEMEDICINE_TURN_URLS: 'turn:turn.example.com' })).toThrow(
      /TELEMEDICINE_TURN_SECRET: TELEMEDICINE_TURN_URLS and TELEMEDICINE_TURN_SECRET are set together/,
    );
    expect(() => loadConfig({ TELEMEDICINE_TURN_SECRET: '0123456789abcdef0123' })).toThrow(
      /TELEMEDICINE_TURN_URLS: TELEMEDICINE_TURN_URLS and TELEMEDICINE_TURN_SECRET/,
    );
    expect(() => loadConfig({ TELEMEDICINE_STUN_URLS: 'https://turn.example.com' })).toThrow(
      /TELEMEDICINE_STUN_URLS/,
    );
    expect(() => loadConfig({ TELEMEDICINE_TURN_URLS: 'turn:x', TELEMEDICINE_TURN_SECRET: 'short' })).toThrow(
      /TELEMEDICINE_TURN_SECRET: must be at least 16 characters/,
    );
    expect(() => loadConfig({ TELEMEDICINE_TURN_TTL_S: '10' })).toThrow(/TELEMEDICINE_TURN_TTL_S/);
  });
});
