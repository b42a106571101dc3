import { act, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { topics } from '@smartcare/contract/topics';
import { fail, ok } from '../../../testing/fake-server';
import { renderConsole } from '../../../testing/render';
import { vitalSignAlert } from '../testing-data';
import { HomeCareAlertsProvider } from './home-care-alerts';
import { OpenAlerts } from './open-alerts';

function renderAlerts(routes = {}) {
  const beep = vi.fn();
  const view = renderConsole(
    <HomeCareAlertsProvider hospitalIdx={1} beep={beep}>
      <OpenAlerts />
    </HomeCareAlertsProvider>,
    {
      routes: {
        'GET /homeCare/getOpenAlerts': () => ok([]),
        'PUT /homeCare/acknowledgeAlert': (request: { body: unknown }) =>
          ok(
            vitalSignAlert({
              idx: (request.body as { alertIdx: number }).alertIdx,
              acknowledgedAt: new Date().toISOString(),
              acknowledgedByName: '김간호',
            }),
          ),
        ...routes,
      },
    },
  );
  return { ...view, beep };
}

describe('live urgent alerts', () => {
  it('sound and show a banner in words the moment an urgent reading arrives', async () => {
    const { realtime, beep } = renderAlerts();
    await screen.findByText('확인하지 않은 긴급 알림이 없습니다.');
    act(() => realtime.deliver(topics.homeCareAlert(1), { event: 'new', alert: vitalSignAlert() }));
    const banner = await screen.findByTestId('home-care-alert-banner');
    expect(banner).toHaveTextContent('긴급 수치: 김재택 님 혈압 185/112 mmHg (고혈압 2기)');
    expect(banner).toHaveAttribute('data-sound-played', 'true');
    expect(beep).toHaveBeenCalledTimes(1);
    // The open list has it too, with its own acknowledge button.
    const list = await screen.findByRole('list');
    expect(within(list).getByText(/185\/112 mmHg/)).toBeInTheDocument();
  });

  it('ignore a payload that is not an alert event', async () => {
    const { realtime, beep } = renderAlerts();
    await screen.findByText('확인하지 않은 긴급 알림이 없습니다.');
    act(() => realtime.deliver(topics.homeCareAlert(1), { event: 'new', alert: { idx: 'x' } }));
    expect(screen.queryByTestId('home-care-alert-banner')).not.toBeInTheDocument();
    expect(beep).not.toHaveBeenCalled();
  });

  it('are acknowledged with one click, showing who and when', async () => {
    const { realtime, user, requests } = renderAlerts();
    await screen.findByText('확인하지 않은 긴급 알림이 없습니다.');
    act(() =>
      realtime.deliver(topics.homeCareAlert(1), { event: 'new', alert: vitalSignAlert({ idx: 77 }) }),
    );
    const banner = await screen.findByTestId('home-care-alert-banner');
    await user.click(within(banner).getByRole('button', { name: '김재택 님 혈압 긴급 알림 확인' }));
    expect(await within(banner).findByText(/^김간호 확인 · /)).toBeInTheDocument();
    expect(requests.find((r) => r.path === '/homeCare/acknowledgeAlert')!.body).toEqual({ alertIdx: 77 });
    expect(await screen.findByText('확인하지 않은 긴급 알림이 없습니다.')).toBeInTheDocument();
  });

  it("show a colleague's acknowledgement live, by name", async () => {
    const { realtime } = renderAlerts();
    await screen.findByText('확인하지 않은 긴급 알림이 없습니다.');
    act(() =>
      realtime.deliver(topics.homeCareAlert(1), { event: 'new', alert: vitalSignAlert({ idx: 78 }) }),
    );
    await screen.findByTestId('home-care-alert-banner');
    act(() =>
      realtime.deliver(topics.homeCareAlert(1), {
        event: 'acknowledged',
        alert: vitalSignAlert({
          idx: 78,
          acknowledgedAt: new Date().toISOString(),
          acknowledgedByName: '박동료',
        }),
      }),
    );
    expect(await screen.findByText(/^박동료 확인 · /)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /긴급 알림 확인/ })).not.toBeInTheDocument();
  });

  it('stay silent with the sound switched off, and say so', async () => {
    const { realtime, beep, user } = renderAlerts();
    await user.click(await screen.findByRole('switch', { name: '긴급 알림음' }));
    expect(screen.getByText('알림음 꺼짐')).toBeInTheDocument();
    act(() => realtime.deliver(topics.homeCareAlert(1), { event: 'new', alert: vitalSignAlert() }));
    expect(await screen.findByTestId('home-care-alert-banner')).toHaveAttribute('data-sound-played', 'false');
    expect(beep).not.toHaveBeenCalled();
    localStorage.clear();
  });

  it('tell the nurse when a colleague was first', async () => {
    const { user } = renderAlerts({
      'GET /homeCare/getOpenAlerts': () => ok([vitalSignAlert({ idx: 90 })]),
      'PUT /homeCare/acknowledgeAlert': () => fail(40005201, '다른 간호사가 이미 확인한 알림입니다.', 409),
    });
    await user.click(await screen.findByRole('button', { name: '김재택 님 혈압 긴급 알림 확인' }));
    expect(await screen.findByText(/다른 간호사가 이미 확인한 알림입니다/)).toBeInTheDocument();
  });
});
