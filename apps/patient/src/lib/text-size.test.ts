import { afterEach, describe, expect, it } from 'vitest';
import { applyTextSize, setTextSize, storedTextSize, TEXT_SIZE_KEY } from './text-size';

afterEach(() => {
  document.documentElement.style.fontSize = '';
});

describe('the in-app text size (issue 10 point 8)', () => {
  it('scales the root size by a percentage, so the browser’s own size stays the base', () => {
    setTextSize('xlarge');
    expect(document.documentElement.style.fontSize).toBe('200%');
    expect(localStorage.getItem(TEXT_SIZE_KEY)).toBe('xlarge');
    expect(storedTextSize()).toBe('xlarge');
    setTextSize('large');
    expect(document.documentElement.style.fontSize).toBe('150%');
    setTextSize('normal');
    expect(document.documentElement.style.fontSize).toBe('');
    expect(localStorage.getItem(TEXT_SIZE_KEY)).toBeNull();
  });

  it('refuses an unknown size and changes nothing; a stored unknown value reads as normal', () => {
    setTextSize('large');
    expect(() => setTextSize('huge')).toThrow('unknown text size: huge');
    expect(document.documentElement.style.fontSize).toBe('150%');
    expect(localStorage.getItem(TEXT_SIZE_KEY)).toBe('large');
    localStorage.setItem(TEXT_SIZE_KEY, 'huge');
    expect(storedTextSize()).toBe('normal');
    applyTextSize(storedTextSize());
    expect(document.documentElement.style.fontSize).toBe('');
  });

  it('uses a key of its own, not one of the spec’s storage keys', async () => {
    const { storageKeys } = await import('./storage-keys');
    expect(Object.values(storageKeys)).not.toContain(TEXT_SIZE_KEY);
  });
});
