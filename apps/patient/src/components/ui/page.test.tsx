import { screen } from '@testing-library/dom';
import { act } from 'react';
import { useTranslation } from 'react-i18next';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLocale } from '../../lib/i18n';
import { renderScreen } from '../../testing/render';
import { Page } from './page';

afterEach(async () => {
  await act(() => changeLocale('kr-KO', { store: false }));
});

function SettingsLike() {
  const { t } = useTranslation();
  return (
    <Page title={t('settings.title')}>
      <p>본문</p>
    </Page>
  );
}

describe('the page title', () => {
  it('names the screen and the app in the tab', async () => {
    renderScreen(<SettingsLike />);
    expect(await screen.findByRole('heading', { level: 1, name: '설정' })).toBeInTheDocument();
    expect(document.title).toBe('설정 - 스마트 헬스케어');
  });

  it('follows a language switch at once', async () => {
    renderScreen(<SettingsLike />);
    await screen.findByRole('heading', { level: 1, name: '설정' });
    await act(() => changeLocale('en-US', { store: false }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument();
    expect(document.title).toBe('Settings - Smart Health Care');
    await act(() => changeLocale('zh-CN', { store: false }));
    expect(document.title).toBe('设置 - 智慧健康护理');
  });
});
