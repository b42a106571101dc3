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
    expect(message).toContain('PORT: must be a port number');
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
});
