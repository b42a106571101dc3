import { apiPaths } from '@smartcare/contract/api-paths';
import { screen } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { myData, ok } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { session } from '../../lib/session';
import { AlarmSettingsScreen } from './alarm-settings-screen';

beforeEach(() => session.setTokens({ accessToken: 'a', refreshToken: 'r' }));
afterEach(() => vi.unstubAllGlobals());

describe('alarm settings', () => {
  it('allows night-time advertising only together with advertising', async () => {
    let stored = myData();
    const api = mockApi({
      [`GET ${apiPaths.patient.getMyData}`]: () => ({ body: ok(stored) }),
      [`PUT ${apiPaths.patient.alarmUpdate}`]: (request) => {
        stored = { ...stored, alarmSettings: { ...stored.alarmSettings, ...(request.body as object) } };
        return { body: ok(stored.alarmSettings) };
      },
    });
    renderScreen(<AlarmSettingsScreen area="hospital" />);
    const night = await screen.findByRole('switch', { name: /야간 광고성 정보 수신/ });
    expect(night).toBeDisabled();

    const user = userEvent.setup();
    await user.click(screen.getByRole('switch', { name: /^광고성 정보 수신/ }));
    await vi.waitFor(() => expect(night).toBeEnabled(), { timeout: 5000 });
    await user.click(night);
    await vi.waitFor(() => expect(stored.alarmSettings.marketingNight).toBe(true), { timeout: 5000 });

    // Withdrawing advertising withdraws the night opt-in with it.
    await user.click(screen.getByRole('switch', { name: /^광고성 정보 수신/ }));
    await vi.waitFor(
      () => expect(stored.alarmSettings).toMatchObject({ marketing: false, marketingNight: false }),
      { timeout: 5000 },
    );
    const bodies = api.seen.filter((r) => r.method === 'PUT').map((r) => r.body);
    expect(bodies).toEqual([
      { marketing: true },
      { marketingNight: true },
      { marketing: false, marketingNight: false },
    ]);
  });

  // issue 15 — medication reminders in quiet hours are held and delivered when they end
  it('says, with quiet hours on, that medication reminders come together when they end', async () => {
    let stored = myData();
    mockApi({
      [`GET ${apiPaths.patient.getMyData}`]: () => ({ body: ok(stored) }),
      [`PUT ${apiPaths.patient.alarmUpdate}`]: (request) => {
        stored = { ...stored, alarmSettings: { ...stored.alarmSettings, ...(request.body as object) } };
        return { body: ok(stored.alarmSettings) };
      },
    });
    renderScreen(<AlarmSettingsScreen area="homecare" />);
    const quiet = await screen.findByRole('switch', { name: /방해 금지 시간 사용/ });
    const note = /방해 금지 시간이 끝날 때 한 번에 모아 알려 드립니다/;
    if (quiet.getAttribute('aria-checked') === 'true') await userEvent.setup().click(quiet);
    await vi.waitFor(() => expect(screen.queryByText(note)).toBeNull(), { timeout: 5000 });
    await userEvent.setup().click(quiet);
    expect(await screen.findByText(note, {}, { timeout: 5000 })).toBeVisible();
  });
});
