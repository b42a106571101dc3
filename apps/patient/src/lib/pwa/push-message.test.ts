import { describe, expect, it } from 'vitest';
import { deepLinkUrl, isOpenDeepLinkMessage, readPushMessage, safeDeepLink } from './push-message';

describe('push messages in the service worker (issue 12)', () => {
  it('shows the title and body the server sent, one notification per stored notification, opening its deep link', () => {
    const shown = readPushMessage(
      {
        notificationIdx: 42,
        kind: 'CHAT_MESSAGE',
        title: '간호사가 답변했습니다',
        body: '내일 아침 금식 여부를 확인해 드렸습니다.',
        deepLink: '#/hospital/consulting/chat',
      },
      '스마트 헬스케어',
    );
    expect(shown).toEqual({
      title: '간호사가 답변했습니다',
      options: {
        body: '내일 아침 금식 여부를 확인해 드렸습니다.',
        tag: 'smartcare-42',
        icon: '/icons/icon-192.png',
        badge: '/icons/icon-192.png',
        lang: 'ko',
        data: { deepLink: '#/hospital/consulting/chat', notificationIdx: 42 },
      },
    });
  });

  it('still shows something for a payload that does not fit (the browser requires a notification per push)', () => {
    for (const payload of [null, 'text', 7, { title: '  ', body: 3, notificationIdx: 1.5 }]) {
      const shown = readPushMessage(payload, '스마트 헬스케어');
      expect(shown.title).toBe('스마트 헬스케어');
      expect(shown.options.body).toBe('');
      expect(shown.options.tag).toBe('smartcare');
      expect(shown.options.data).toEqual({ deepLink: '#/', notificationIdx: null });
    }
  });

  it('opens only the app’s own hash routes: another site or a script opens home', () => {
    expect(safeDeepLink('#/homecare/medication/main')).toBe('#/homecare/medication/main');
    expect(safeDeepLink('#/hospital/news/12?from=push')).toBe('#/hospital/news/12?from=push');
    for (const bad of [
      'https://evil.example/#/x',
      'javascript:alert(1)',
      '//evil.example',
      '#/x"><script>',
      42,
      null,
    ])
      expect(safeDeepLink(bad)).toBe('#/');
    expect(deepLinkUrl('https://care.example', '#/hospital/setting/pushlist')).toBe(
      'https://care.example/#/hospital/setting/pushlist',
    );
    expect(deepLinkUrl('https://care.example', 'https://evil.example')).toBe('https://care.example/#/');
  });

  it('recognises the worker’s "open this deep link" message and nothing else', () => {
    expect(isOpenDeepLinkMessage({ type: 'smartcare:open-deep-link', deepLink: '#/hospital/home' })).toBe(
      true,
    );
    expect(isOpenDeepLinkMessage({ type: 'other', deepLink: '#/hospital/home' })).toBe(false);
    expect(isOpenDeepLinkMessage({ type: 'smartcare:open-deep-link' })).toBe(false);
    expect(isOpenDeepLinkMessage(null)).toBe(false);
  });
});
