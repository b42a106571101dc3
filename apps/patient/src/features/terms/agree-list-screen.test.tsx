import { apiPaths } from '@smartcare/contract/api-paths';
import type { Consent } from '@smartcare/contract/terms';
import { screen } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../../lib/session';
import { consent, ok } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { AgreeListScreen } from './agree-list-screen';

beforeEach(() => session.setTokens({ accessToken: 'a', refreshToken: 'r' }));
afterEach(() => vi.unstubAllGlobals());

describe('the consents screen', () => {
  it('shows what was agreed and when, and changes optional consents only', async () => {
    let consents: Consent[] = [
      consent({ termsCode: 'SERVICE', title: '서비스 이용약관' }),
      consent({ termsCode: 'MARKETING', title: '광고성 정보 수신 동의', required: false, agreed: true }),
      consent({
        termsCode: 'MARKETING_NIGHT',
        title: '야간 광고성 정보 수신 동의',
        required: false,
        agreed: true,
      }),
    ];
    const api = mockApi({
      [`GET ${apiPaths.patient.getConsents}`]: () => ({ body: ok(consents) }),
      [`PUT ${apiPaths.patient.updateConsents}`]: (request) => {
        const changes = (request.body as { consents: { termsCode: string; agreed: boolean }[] }).consents;
        consents = consents.map((c) => ({
          ...c,
          agreed: changes.find((x) => x.termsCode === c.termsCode)?.agreed ?? c.agreed,
        }));
        return { body: ok(consents) };
      },
    });
    renderScreen(<AgreeListScreen area="hospital" />);
    expect(await screen.findByText('서비스 이용약관')).toBeInTheDocument();
    // Required consents have no switch: they end only with the account.
    expect(screen.queryByRole('switch', { name: /서비스 이용약관/ })).toBeNull();
    // When: the date of each answer.
    expect(screen.getAllByText(/2026.*동의$/)).toHaveLength(3);

    await userEvent.setup().click(screen.getByRole('switch', { name: /^광고성 정보 수신 동의/ }));
    // Withdrawing advertising takes the night-time opt-in with it.
    await vi.waitFor(() => expect(api.calls(`PUT ${apiPaths.patient.updateConsents}`)).toBe(1), {
      timeout: 5000,
    });
    expect(api.seen.find((r) => r.method === 'PUT')!.body).toEqual({
      consents: [
        { termsCode: 'MARKETING', agreed: false },
        { termsCode: 'MARKETING_NIGHT', agreed: false },
      ],
    });
    await vi.waitFor(() => expect(screen.getByRole('switch', { name: /야간 광고성/ })).toBeDisabled(), {
      timeout: 5000,
    });
  });

  it('says so when there is nothing to show', async () => {
    mockApi({ [`GET ${apiPaths.patient.getConsents}`]: () => ({ body: ok([]) }) });
    renderScreen(<AgreeListScreen area="hospital" />);
    expect(await screen.findByText('동의 내역이 없습니다.')).toBeInTheDocument();
  });
});
