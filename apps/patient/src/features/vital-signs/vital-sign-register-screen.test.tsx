import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import { classify, type VitalSign, type VitalSignKind } from '@smartcare/contract/vital-signs';
import { fireEvent, screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/session';
import { fail, ok } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import type { RegisterKind } from './vital-sign-form';
import { VitalSignRegisterScreen } from './vital-sign-register-screen';

const RECORD = `POST ${apiPaths.vitalSign.record}`;

/** The reading the server answers with, judged by the contract's own classifier. */
function stored(
  kind: VitalSignKind,
  value: number,
  value2: number | null = null,
  context: string | null = null,
) {
  const values = { kind, value, value2, context };
  const reading: VitalSign = {
    idx: 1,
    ...values,
    loinc: '',
    unit: '',
    effectiveAt: new Date().toISOString(),
    effectiveEnd: null,
    source: 'MANUAL',
    editable: true,
    judgement: classify(values),
    target: null,
  };
  return reading;
}

function renderRegister(kind: RegisterKind) {
  return renderScreen(<VitalSignRegisterScreen kind={kind} />, { path: '/homecare/mystatus/x/regist' });
}

beforeEach(() => {
  session.setTokens({ accessToken: 'a', refreshToken: 'r' });
});

describe('recording a vital sign by hand', () => {
  it('sends blood pressure with its pulse and says its KSH class in words', async () => {
    const api = mockApi({
      [RECORD]: () => ({
        body: ok({ readings: [stored('BLOOD_PRESSURE', 145, 85), stored('HEART_RATE', 72)] }),
      }),
    });
    renderRegister('BLOOD_PRESSURE');
    const user = userEvent.setup();
    expect(screen.getByRole('heading', { name: '혈압 기록하기' })).toBeInTheDocument();
    const systolic = screen.getByLabelText('수축기 혈압 (mmHg, 높은 쪽)');
    expect(systolic).toHaveAttribute('inputmode', 'numeric');
    await user.type(systolic, '145');
    await user.type(screen.getByLabelText('이완기 혈압 (mmHg, 낮은 쪽)'), '85');
    await user.type(screen.getByLabelText('맥박 (회/분, 선택)'), '72');
    await user.click(screen.getByRole('button', { name: '저장하기' }));

    expect(await screen.findByText('고혈압 1기')).toBeInTheDocument();
    expect(screen.getByText('145/85 mmHg')).toBeInTheDocument();
    expect(screen.getByText(/대한고혈압학회/)).toBeInTheDocument();
    expect(screen.getByText('맥박 72회/분은 심박수로도 기록했습니다.')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    const body = api.seen.find((r) => r.method === 'POST')!.body as Record<string, unknown>;
    expect(body).toMatchObject({ kind: 'BLOOD_PRESSURE', systolic: 145, diastolic: 85, pulse: 72 });
    // The time of reading defaults to now.
    expect(Math.abs(Date.parse(body.effectiveAt as string) - Date.now())).toBeLessThan(120_000);
  });

  it('refuses an impossible temperature next to the field and sends nothing', async () => {
    const api = mockApi({});
    renderRegister('TEMPERATURE');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('체온 (°C)'), '50');
    await user.click(screen.getByRole('button', { name: '저장하기' }));
    expect(screen.getByText('체온은 30~45 °C 사이로 입력해 주세요')).toBeInTheDocument();
    expect(screen.getByLabelText('체온 (°C)')).toHaveAttribute('aria-invalid', 'true');
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('refuses a time in the future', async () => {
    const api = mockApi({});
    renderRegister('HEART_RATE');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('심박수 (회/분)'), '70');
    const time = within(screen.getByRole('group', { name: '측정한 시간' }));
    fireEvent.change(time.getByLabelText('날짜'), { target: { value: '2099-01-01' } });
    await user.click(screen.getByRole('button', { name: '저장하기' }));
    expect(screen.getByText(/앞으로의 시간은 기록할 수 없습니다/)).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });

  it('shows the server’s refusal next to the field it names', async () => {
    mockApi({
      [RECORD]: () => ({
        status: 400,
        body: fail(ResultCode.VITAL_SIGN_IMPOSSIBLE, '', {
          fields: [
            {
              field: 'effectiveAt',
              message: '앞으로의 시간은 기록할 수 없습니다. 측정한 시간을 입력해 주세요',
            },
          ],
        }),
      }),
    });
    renderRegister('TEMPERATURE');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('체온 (°C)'), '36.5');
    await user.click(screen.getByRole('button', { name: '저장하기' }));
    expect(await screen.findByText(/앞으로의 시간은 기록할 수 없습니다/)).toBeInTheDocument();
    const time = within(screen.getByRole('group', { name: '측정한 시간' }));
    expect(time.getByLabelText('날짜')).toHaveAttribute('aria-invalid', 'true');
    expect(time.getByLabelText('시각')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText('기록을 저장했습니다.')).not.toBeInTheDocument();
  });

  it('shows mmol/L beside mg/dL, asks for the timing, and tells what to do for an urgent value', async () => {
    const api = mockApi({
      [RECORD]: () => ({ body: ok({ readings: [stored('BLOOD_GLUCOSE', 320, null, 'AFTER_MEAL_2H')] }) }),
    });
    renderRegister('BLOOD_GLUCOSE');
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('혈당 (mg/dL)'), '320');
    expect(screen.getByText('= 17.8 mmol/L')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: '저장하기' }));
    expect(screen.getByText('측정 시점을 골라 주세요')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
    await user.click(screen.getByRole('radio', { name: '식후 2시간' }));
    await user.click(screen.getByRole('button', { name: '저장하기' }));

    expect(await screen.findByText('매우 높음 (위험)')).toBeInTheDocument();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('담당 간호사에게 바로 연락해 주세요');
    expect(screen.getByRole('link', { name: '119 전화하기' })).toHaveAttribute('href', 'tel:119');
    expect(api.seen[0]!.body).toMatchObject({ kind: 'BLOOD_GLUCOSE', mgdl: 320, timing: 'AFTER_MEAL_2H' });
  });

  it('records sleep as hours slept ending at the wake time, with its quality', async () => {
    const api = mockApi({
      [RECORD]: () => ({ body: ok({ readings: [stored('SLEEP', 330, null, 'POOR')] }) }),
    });
    renderRegister('SLEEP');
    const user = userEvent.setup();
    await user.click(screen.getByRole('radio', { name: '잔 시간' }));
    await user.type(screen.getByLabelText('잔 시간 (시간, 예: 7.5)'), '5.5');
    await user.click(screen.getByRole('radio', { name: '잘 못 잤어요' }));
    await user.click(screen.getByRole('button', { name: '저장하기' }));
    expect(await screen.findByText('수면 부족')).toBeInTheDocument();
    expect(screen.getByText('5시간 30분')).toBeInTheDocument();
    expect(api.seen[0]!.body).toMatchObject({ kind: 'SLEEP', durationMin: 330, quality: 'POOR' });
  });

  it('refuses a bed time after the wake time', async () => {
    const api = mockApi({});
    renderRegister('SLEEP');
    const user = userEvent.setup();
    const wake = within(screen.getByRole('group', { name: '깬 시간' }));
    fireEvent.change(wake.getByLabelText('날짜'), { target: { value: '2026-01-02' } });
    fireEvent.change(wake.getByLabelText('시각'), { target: { value: '07:00' } });
    const bed = within(screen.getByRole('group', { name: '잠든 시간' }));
    fireEvent.change(bed.getByLabelText('날짜'), { target: { value: '2026-01-02' } });
    fireEvent.change(bed.getByLabelText('시각'), { target: { value: '08:00' } });
    await user.click(screen.getByRole('button', { name: '저장하기' }));
    expect(screen.getByText('잠든 시간과 깬 시간, 또는 수면 시간을 입력해 주세요')).toBeInTheDocument();
    expect(api.fetchMock).not.toHaveBeenCalled();
  });
});
