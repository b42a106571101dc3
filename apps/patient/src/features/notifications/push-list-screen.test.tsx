import { apiPaths } from '@smartcare/contract/api-paths';
import type { Notification } from '@smartcare/contract/notification';
import { screen } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, ok } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { session } from '../../lib/session';
import { PushListScreen } from './push-list-screen';

beforeEach(() => session.setTokens({ accessToken: 'a', refreshToken: 'r' }));
afterEach(() => vi.unstubAllGlobals());

const notification = (idx: number, overrides: Partial<Notification> = {}): Notification => ({
  idx,
  kind: 'chat',
  title: `알림 ${idx}`,
  body: `내용 ${idx}`,
  deepLink: '#/hospital/consulting/chat',
  data: {},
  createdAt: new Date(Date.UTC(2026, 2, 2, 3, idx)).toISOString(),
  readAt: null,
  ...overrides,
});

const page = (items: Notification[], pNum: number, totalCount: number) =>
  ok({ dataList: items, totalCount, pNum, pSize: 20 });

describe('the push history', () => {
  it('lists newest first with unread marked; a tap marks it read and opens its screen', async () => {
    const api = mockApi({
      [`GET ${apiPaths.notification.getMyNotifications}`]: () => ({
        body: page(
          [
            notification(2),
            notification(1, { readAt: '2026-03-02T04:00:00.000Z', deepLink: '#/hospital/nursecalling/list' }),
          ],
          1,
          2,
        ),
      }),
      [`PUT ${apiPaths.notification.markRead}`]: () => ({ body: ok({ unreadCount: 0 }) }),
    });
    renderScreen(<PushListScreen area="hospital" />, { otherRoutes: ['/hospital/consulting/chat'] });
    const items = await screen.findAllByRole('button', { name: /알림 \d/ }, { timeout: 5000 });
    expect(items.map((b) => b.textContent)).toEqual([
      expect.stringMatching(/^읽지 않음 알림 2내용 2/),
      expect.stringMatching(/^알림 1내용 1/),
    ]);
    await userEvent.setup().click(items[0]!);
    expect(await screen.findByTestId('landed', {}, { timeout: 5000 })).toHaveTextContent(
      '/hospital/consulting/chat',
    );
    expect(api.seen.filter((r) => r.method === 'PUT').map((r) => r.body)).toEqual([{ notificationIdx: 2 }]);
  });

  it('marks everything read with 모두 읽음, and pages back with 이전 알림 더 보기', async () => {
    const api = mockApi({
      [`GET ${apiPaths.notification.getMyNotifications}`]: (request) => {
        const pNum = Number(request.query.get('pNum'));
        return { body: pNum === 1 ? page([notification(3)], 1, 21) : page([notification(1)], 2, 21) };
      },
      [`PUT ${apiPaths.notification.markAllRead}`]: () => ({ body: ok({ unreadCount: 0 }) }),
    });
    renderScreen(<PushListScreen area="hospital" />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '이전 알림 더 보기' }, { timeout: 5000 }));
    expect(await screen.findByRole('button', { name: /알림 1/ }, { timeout: 5000 })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '모두 읽음' }));
    await vi.waitFor(() => expect(screen.queryByText('읽지 않음')).toBeNull(), { timeout: 5000 });
    expect(screen.getByRole('button', { name: '모두 읽음' })).toBeDisabled();
    expect(api.seen.some((r) => r.method === 'PUT')).toBe(true);
  });

  it('says so when there is nothing, and offers a retry when loading fails', async () => {
    let failNow = true;
    mockApi({
      [`GET ${apiPaths.notification.getMyNotifications}`]: () =>
        failNow ? { status: 500, body: fail(10005000, '일시적인 문제') } : { body: page([], 1, 0) },
    });
    renderScreen(<PushListScreen area="hospital" />);
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent('일시적인 문제');
    failNow = false;
    await userEvent.setup().click(screen.getByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText('받은 알림이 없습니다.', {}, { timeout: 5000 })).toBeInTheDocument();
  });
});
