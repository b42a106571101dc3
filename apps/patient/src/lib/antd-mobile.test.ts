import { getDefaultConfig } from 'antd-mobile/es/components/config-provider';
import { afterEach, describe, expect, it } from 'vitest';
import { appliedComponentLocale, applyComponentLocale } from './antd-mobile';
import { changeLocale } from './i18n';

afterEach(async () => {
  localStorage.removeItem('locale');
  await changeLocale('kr-KO', { store: false });
});

describe('the component library follows the app language (spec §9)', () => {
  it('uses ko-KR for Korean and switches with the app', async () => {
    await applyComponentLocale();
    expect(appliedComponentLocale()).toBe('ko-KR');
    expect(getDefaultConfig().locale.locale).toBe('ko-KR');
    await changeLocale('en-US');
    // antd-mobile's English pack names itself 'en'.
    await waitForLocale('en');
  });

  it('takes the zh-TW pack when the stored locale names it', async () => {
    localStorage.setItem('locale', 'zh-TW');
    await applyComponentLocale();
    expect(getDefaultConfig().locale.locale).toBe('zh-TW');
  });
});

async function waitForLocale(tag: string) {
  for (let i = 0; i < 50 && getDefaultConfig().locale.locale !== tag; i++)
    await new Promise((r) => setTimeout(r, 20));
  expect(getDefaultConfig().locale.locale).toBe(tag);
}
