import { apiPaths } from '@smartcare/contract/api-paths';
import { classify, type VitalSign } from '@smartcare/contract/vital-signs';
import { screen, within } from '@testing-library/dom';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { session } from '../../lib/session';
import { fail, ok } from '../../testing/factories';
import { mockApi } from '../../testing/mock-api';
import { renderScreen } from '../../testing/render';
import { WeightHistory } from './weight-history';

const READINGS = `GET ${apiPaths.vitalSign.getReadings}`;

function weighing(idx: number, kg: number, bmi: number | null, at: string): VitalSign {
  const values = { kind: 'BODY_WEIGHT' as const, value: kg, value2: bmi, context: null };
  return {
    idx,
    ...values,
    loinc: '29463-7',
    unit: 'kg',
    effectiveAt: at,
    effectiveEnd: null,
    source: 'MANUAL',
    editable: false,
    judgement: classify(values),
    target: null,
  };
}

beforeEach(() => {
  session.setTokens({ accessToken: 'a', refreshToken: 'r' });
});

describe('the weight history', () => {
  it('lists each weighing newest first with its BMI and Korean obesity class in words', async () => {
    const api = mockApi({
      [READINGS]: (r) => {
        expect(r.query.get('kind')).toBe('BODY_WEIGHT');
        return {
          body: ok({
            dataList: [
              weighing(2, 75, 26, '2026-11-24T01:00:00.000Z'),
              weighing(1, 70, 24.2, '2026-11-01T01:00:00.000Z'),
              weighing(0, 68, null, '2026-10-01T01:00:00.000Z'),
            ],
            totalCount: 3,
            pNum: 1,
            pSize: 10,
          }),
        };
      },
    });
    renderScreen(<WeightHistory heightCm={170} weightKg={75} />);
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(within(items[0]!).getByText('75 kg · 체질량지수(BMI) 26.0')).toBeInTheDocument();
    expect(within(items[0]!).getByText('1단계 비만')).toHaveClass('vital-level-concern');
    expect(within(items[1]!).getByText('비만 전단계 (과체중)')).toHaveClass('vital-level-watch');
    expect(within(items[2]!).getByText(/키를 입력하면/)).toBeInTheDocument();
    expect(screen.getByText(/판정 기준: 대한비만학회/)).toBeInTheDocument();
    expect(api.calls(READINGS)).toBe(1);
  });

  it('says how it fills when empty, and offers a retry on an error', async () => {
    mockApi({
      [READINGS]: (_r, n) =>
        n === 1
          ? { status: 500, body: fail(500, '서버 오류') }
          : { body: ok({ dataList: [], totalCount: 0, pNum: 1, pSize: 10 }) },
    });
    renderScreen(<WeightHistory heightCm={null} weightKg={null} />);
    await userEvent.setup().click(await screen.findByRole('button', { name: '다시 시도' }));
    expect(await screen.findByText(/아직 저장한 체중이 없습니다/)).toBeInTheDocument();
  });
});
