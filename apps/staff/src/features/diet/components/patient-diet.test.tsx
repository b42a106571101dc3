import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { DietDay, Meal } from '@smartcare/contract/diet';
import { ok, type FakeRequest } from '../../../testing/fake-server';
import { renderConsole } from '../../../testing/render';
import { PatientDiet } from './patient-diet';

const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
const zero = { kcal: 0, carbG: 0, proteinG: 0, fatG: 0, sugarG: 0, sodiumMg: 0 };
const meal: Meal = {
  idx: 5,
  mealType: 'DINNER',
  eatenAt: `${today}T18:30:00+09:00`,
  memo: '<img src=x onerror=alert(1)>',
  hasPhoto: true,
  items: [
    {
      foodCode: 'F085',
      name: '김치찌개',
      unit: 'SERVING',
      amount: 1,
      servingG: 300,
      kcal: 160,
      carbG: 8.6,
      proteinG: 11.4,
      fatG: 9,
      sugarG: 3.4,
      sodiumMg: 2600,
    },
  ],
  totals: { kcal: 160, carbG: 8.6, proteinG: 11.4, fatG: 9, sugarG: 3.4, sodiumMg: 2600 },
};

const day = (targets: Partial<DietDay['targets']> = {}): DietDay & { patientName: string } => ({
  patientName: '박재택',
  date: today,
  meals: [meal],
  totals: meal.totals,
  targets: {
    kcal: 2000,
    carbG: 300,
    proteinG: 60,
    fatG: 56,
    sugarG: 100,
    sodiumMg: 2300,
    diabetic: false,
    hypertensive: false,
    source: 'KDRI',
    setByName: null,
    setAt: null,
    ...targets,
  },
  week: Array.from({ length: 7 }, (_, i) => ({
    date: `2026-11-${String(19 + i).padStart(2, '0')}`,
    ...(i === 6 ? { ...meal.totals, mealCount: 1 } : { ...zero, mealCount: 0 }),
  })),
});

describe("a patient's diet in the console (issue 15)", () => {
  it('shows the meals, over-target sodium in words, the week with empty days, and the photo on request', async () => {
    const calls: FakeRequest[] = [];
    renderConsole(<PatientDiet patientIdx={3} />, {
      routes: {
        'GET /diet/getPatientDiet': (request) => {
          calls.push(request);
          return ok(day());
        },
        'GET /diet/getPatientPhoto': () => ok({ contentType: 'image/jpeg', dataBase64: '/9j/2w==' }),
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: '박재택 님 식단' })).toBeInTheDocument();
    expect(calls[0]!.query.get('patientIdx')).toBe('3');
    expect(screen.getByText(/김치찌개 1인분/)).toBeInTheDocument();
    expect(screen.getByText('<img src=x onerror=alert(1)>')).toBeInTheDocument();
    expect(screen.getByText('목표 초과 (113%)')).toBeInTheDocument();
    expect(screen.getAllByText('기록 없음').length).toBeGreaterThanOrEqual(6);

    await user.click(screen.getByRole('button', { name: '사진 보기' }));
    expect(await screen.findByRole('img', { name: '18:30 식사 사진' })).toHaveAttribute(
      'src',
      'data:image/jpeg;base64,/9j/2w==',
    );
  }, 120_000);

  it('saves the targets and call-outs, and refuses a target out of range in the form', async () => {
    const calls: FakeRequest[] = [];
    let current = day();
    renderConsole(<PatientDiet patientIdx={3} />, {
      routes: {
        'GET /diet/getPatientDiet': () => ok(current),
        'PUT /diet/setTargets': (request) => {
          calls.push(request);
          const body = request.body as Record<string, unknown>;
          current = day({
            ...(body as object),
            source: 'NURSE',
            setByName: '한간호',
            setAt: `${today}T09:00:00+09:00`,
          });
          return ok(current.targets);
        },
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByRole('heading', { level: 1, name: '박재택 님 식단' })).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: '고혈압 환자 (나트륨을 강조해 보여 줍니다)' }));
    const kcal = screen.getByLabelText('열량 (kcal)');
    await user.clear(kcal);
    await user.type(kcal, '1800');
    await user.click(screen.getByRole('button', { name: '목표 저장' }));
    expect(await screen.findByText('목표를 저장했습니다.')).toBeInTheDocument();
    const saved = calls.find((c) => c.method === 'PUT')!.body as Record<string, unknown>;
    expect(saved).toMatchObject({
      patientIdx: 3,
      kcal: 1800,
      hypertensive: true,
      diabetic: false,
      sodiumMg: 2300,
    });
    await waitFor(() => expect(screen.getByText('고혈압: 나트륨 확인')).toBeInTheDocument());
    expect(screen.getByRole('button', { name: '기본 목표로 되돌리기' })).toBeInTheDocument();

    // A target out of range is refused in the form, nothing sent.
    const before = calls.length;
    const sodium = screen.getByLabelText('나트륨 (mg)');
    await user.clear(sodium);
    await user.type(sodium, '0');
    await user.click(screen.getByRole('button', { name: '목표 저장' }));
    expect(await screen.findByText('1 이상 50000 이하로 입력해 주세요')).toBeInTheDocument();
    expect(calls.length).toBe(before);
  }, 120_000);
});
