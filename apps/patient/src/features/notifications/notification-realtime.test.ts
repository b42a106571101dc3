import type { Notification } from '@smartcare/contract/notification';
import { describe, expect, it } from 'vitest';
import { readNotification, routeOf } from './notification-realtime';

const notice: Notification = {
  idx: 5,
  kind: 'chat',
  title: '상담 채팅',
  body: '정간호 님이 답변을 보냈습니다.',
  deepLink: '#/hospital/consulting/chat',
  data: { roomIdx: 9 },
  createdAt: '2026-03-02T03:00:00.000Z',
  readAt: null,
};

describe('the in-app notice', () => {
  it('reads notifications with the contract schema and ignores anything else', () => {
    expect(readNotification(notice)).toEqual(notice);
    expect(readNotification({ ...notice, kind: 'unknown' })).toBeNull();
    expect(readNotification('not json')).toBeNull();
  });

  it("opens only the app's own routes", () => {
    expect(routeOf('#/hospital/consulting/chat')).toBe('/hospital/consulting/chat');
    expect(routeOf('/homecare/setting/pushlist')).toBe('/homecare/setting/pushlist');
    expect(routeOf('https://example.com/')).toBeNull();
    expect(routeOf('#//evil.example')).toBeNull();
  });
});
