import { describe, expect, it, vi } from 'vitest';
import { patientProfile } from '../testing/factories';
import { session } from './session';

describe('the session store', () => {
  it('keeps the spec keys in localStorage, myData as JSON', () => {
    session.setTokens({ accessToken: 'a', refreshToken: 'r' });
    session.setLoginId('demo');
    session.setMyData(patientProfile({ name: '홍길동' }));
    expect(localStorage.getItem('accessToken')).toBe('a');
    expect(localStorage.getItem('refreshToken')).toBe('r');
    expect(localStorage.getItem('loginId')).toBe('demo');
    expect(JSON.parse(localStorage.getItem('myData')!)).toMatchObject({ name: '홍길동' });
    expect(session.snapshot().myData?.name).toBe('홍길동');
    expect(session.isLoggedIn()).toBe(true);
  });

  it('logout clears tokens, loginId and myData but leaves the language and last route alone', () => {
    session.setTokens({ accessToken: 'a', refreshToken: 'r' });
    session.setLoginId('demo');
    session.setMyData(patientProfile());
    localStorage.setItem('locale', 'en-US');
    localStorage.setItem('lastRoute', '/hospital/home');
    session.clear();
    expect(session.snapshot()).toEqual({
      accessToken: null,
      refreshToken: null,
      loginId: null,
      myData: null,
    });
    expect(localStorage.getItem('locale')).toBe('en-US');
    expect(localStorage.getItem('lastRoute')).toBe('/hospital/home');
  });

  it('tells subscribers about changes, including those made by another tab', () => {
    const listener = vi.fn();
    const unsubscribe = session.subscribe(listener);
    session.setLoginId('demo');
    expect(listener).toHaveBeenCalledTimes(1);
    localStorage.setItem('accessToken', 'from-other-tab');
    window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken' }));
    expect(listener).toHaveBeenCalledTimes(2);
    expect(session.snapshot().accessToken).toBe('from-other-tab');
    unsubscribe();
  });

  it('survives a broken myData entry', () => {
    localStorage.setItem('myData', '{not json');
    window.dispatchEvent(new StorageEvent('storage', { key: 'myData' }));
    expect(session.snapshot().myData).toBeNull();
  });
});
