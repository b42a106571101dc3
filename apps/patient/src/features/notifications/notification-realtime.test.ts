import type { Notification } from '@smartcare/contract/notification';
import { topics } from '@smartcare/contract/topics';
import { describe, expect, it } from 'vitest';
import { onNotification, routeOf } from './notification-realtime';

/** A stand-in for the connection's generic topic listener. */
function fakeRealtime() {
  const listeners = new Set<(topic: string, payload: unknown) => void>();
  return {
    onTopic(listener: (topic: string, payload: unknown) => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    deliver: (topic: string, payload: unknown) => listeners.forEach((l) => l(topic, payload)),
  };
}

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

describe('the in-app notice over the real-time connection', () => {
  it('takes valid notifications from the patient topic only, until unsubscribed', () => {
    const rt = fakeRealtime();
    const seen: Notification[] = [];
    const off = onNotification(rt, (n) => seen.push(n));
    rt.deliver(topics.notificationPatient(1), notice);
    rt.deliver(topics.nurseCallingPatient(2, 1), notice);
    rt.deliver(topics.notificationPatient(1), { ...notice, kind: 'unknown' });
    off();
    rt.deliver(topics.notificationPatient(1), notice);
    expect(seen).toEqual([notice]);
  });

  it("opens only the app's own routes", () => {
    expect(routeOf('#/hospital/consulting/chat')).toBe('/hospital/consulting/chat');
    expect(routeOf('/homecare/setting/pushlist')).toBe('/homecare/setting/pushlist');
    expect(routeOf('https://example.com/')).toBeNull();
    expect(routeOf('#//evil.example')).toBeNull();
  });
});
