import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import { screen } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, hospital, ok, patientProfile } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { session } from '../../lib/session';
import { HospitalSelectScreen } from './hospital-select-screen';

const LIST = `GET ${apiPaths.hospital.getHospitalList}`;

beforeEach(() => {
  session.setTokens({ accessToken: 'a', refreshToken: 'r' });
  session.setMyData(patientProfile());
});
afterEach(() => vi.unstubAllGlobals());

describe('choosing a hospital', () => {
  it('lists the hospitals of the area and saves the choice with updateMyData', async () => {
    let chosen: number | null = null;
    const api = mockApi({
      [LIST]: () => ({
        body: ok([
          hospital({ idx: 1, name: '서울중앙병원' }),
          hospital({ idx: 2, name: '재택전용센터', areas: ['HOMECARE'] }),
        ]),
      }),
      [`PUT ${apiPaths.patient.updateMyData}`]: (request) => {
        chosen = (request.body as { choseHospitalIdx: number }).choseHospitalIdx;
        return { body: ok({}) };
      },
      [`GET ${apiPaths.patient.getPatient}`]: () => ({
        body: ok(patientProfile({ choseHospitalIdx: chosen, choseHospitalName: '서울중앙병원' })),
      }),
    });
    renderScreen(<HospitalSelectScreen area="hospital" />, {
      path: '/hospital/common/hospitalselect?next=/hospital/consulting/chat',
      pattern: '/hospital/common/hospitalselect',
      otherRoutes: ['/hospital/consulting/chat'],
    });
    const row = await screen.findByRole('button', { name: /서울중앙병원/ });
    expect(screen.queryByText('재택전용센터')).toBeNull();
    await userEvent.setup().click(row);
    // Back to where the patient was going: the chat.
    expect(await screen.findByTestId('landed')).toHaveTextContent('/hospital/consulting/chat');
    expect(chosen).toBe(1);
    expect(session.snapshot().myData?.choseHospitalIdx).toBe(1);
    expect(api.calls(`PUT ${apiPaths.patient.updateMyData}`)).toBe(1);
  });

  it('searches by keyword and says when nothing matches', async () => {
    const api = mockApi({
      [LIST]: (request) => ({ body: ok(request.query.get('keyword') ? [] : [hospital()]) }),
    });
    renderScreen(<HospitalSelectScreen area="hospital" />);
    await screen.findByRole('button', { name: /서울중앙병원/ });
    await userEvent.setup().type(screen.getByRole('searchbox'), '부산');
    await vi.waitFor(() => expect(api.seen.at(-1)!.query.get('keyword')).toBe('부산'), { timeout: 5000 });
    expect(await screen.findByText('"부산"에 해당하는 병원이 없습니다.')).toBeInTheDocument();
  });

  it('offers a retry when the list cannot be loaded', async () => {
    mockApi({ [LIST]: () => ({ status: 500, body: fail(ResultCode.SERVER_ERROR, '') }) });
    renderScreen(<HospitalSelectScreen area="hospital" />);
    expect(await screen.findByRole('button', { name: '다시 시도' })).toBeInTheDocument();
  });
});
