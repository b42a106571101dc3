import { describe, expect, it } from 'vitest';
import { detectPlatform, isMobileUserAgent } from './platform';

const ANDROID =
  'Mozilla/5.0 (Linux; Android 14; SM-A546N) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
const DESKTOP = 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/131.0 Safari/537.36';

describe('platform and mobile detection (spec §1, §6)', () => {
  it('tells android, ios and unknown apart, (the login call by it: features/auth/api/login.test.ts)', () => {
    expect(detectPlatform(ANDROID)).toBe('android');
    expect(detectPlatform(IPHONE)).toBe('ios');
    expect(detectPlatform(DESKTOP)).toBe('unknown');
  });

  it('knows the spec’s mobile browsers', () => {
    for (const agent of [
      ANDROID,
      IPHONE,
      'BlackBerry9700',
      'Opera/9.80 (J2ME/MIDP; Opera Mini/9.80)',
      'IEMobile/10.0',
      'webOS/2.0',
    ]) {
      expect(isMobileUserAgent(agent)).toBe(true);
    }
    expect(isMobileUserAgent(DESKTOP)).toBe(false);
  });
});
