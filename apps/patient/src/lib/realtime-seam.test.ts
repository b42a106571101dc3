import { afterEach, describe, expect, it, vi } from 'vitest';
import { notifyLogin, notifyLogout, whenLoggedIn } from './realtime-seam';
import { session } from './session';
import { patientProfile } from '../testing/factories';

const profile = patientProfile();

afterEach(async () => {
  session.clear();
  await notifyLogout();
});

describe('starting real time with the session (spec §4)', () => {
  it('starts at once when a session is stored', () => {
    session.setTokens({ accessToken: 'a', refreshToken: 'r' });
    const start = vi.fn();
    const loggedOut = vi.fn();
    whenLoggedIn(start, loggedOut);
    expect(start).toHaveBeenCalledTimes(1);
    expect(loggedOut).not.toHaveBeenCalled();
  });

  it('without a session, waits for the login, then starts once', async () => {
    const start = vi.fn();
    const loggedOut = vi.fn();
    whenLoggedIn(start, loggedOut);
    expect(loggedOut).toHaveBeenCalledTimes(1);
    expect(start).not.toHaveBeenCalled();
    await notifyLogout();
    expect(start).not.toHaveBeenCalled();
    await notifyLogin(profile);
    expect(start).toHaveBeenCalledTimes(1);
    await notifyLogin(profile);
    expect(start).toHaveBeenCalledTimes(1);
  });
});
