import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  classifyBloodPressure,
  classifyBmi,
  classifyGlucose,
  classifyHeartRate,
  classifySleep,
  classifySpo2,
  classifyTemperature,
  diastolicNotBelowSystolic,
  GLUCOSE_TIMINGS,
  impossibleFields,
  impossibleValueMessage,
  judgeAgainstTarget,
  loincOf,
  mgdlToMmol,
  VITAL_BOUNDS,
  type BoundedField,
  type GlucoseTiming,
} from './vital-signs.ts';

/**
 * Every range classifier at and around every boundary (domain.md "Ranges shown to patients"):
 * fast-check draws values on both sides of each threshold, plus the thresholds themselves.
 */
const runs = { numRuns: 300 };

/** Whole numbers in [lo, hi]. */
const ints = (lo: number, hi: number) => fc.integer({ min: lo, max: hi });
/** Values to one decimal in [lo, hi] (thermometers, BMI). */
const tenths = (lo: number, hi: number) =>
  fc.integer({ min: Math.round(lo * 10), max: Math.round(hi * 10) }).map((n) => n / 10);

describe('blood pressure (KSH)', () => {
  const rankOf = (s: number, d: number) =>
    ['NORMAL', 'ELEVATED', 'PRE_HYPERTENSION', 'STAGE_1', 'STAGE_2'].indexOf(
      classifyBloodPressure(s, d).class,
    );

  it.each([
    [119, 79, 'NORMAL'],
    [120, 79, 'ELEVATED'],
    [129, 79, 'ELEVATED'],
    [130, 79, 'PRE_HYPERTENSION'],
    [119, 80, 'PRE_HYPERTENSION'],
    [139, 89, 'PRE_HYPERTENSION'],
    [140, 70, 'STAGE_1'],
    [110, 90, 'STAGE_1'],
    [159, 99, 'STAGE_1'],
    [160, 70, 'STAGE_2'],
    [110, 100, 'STAGE_2'],
  ])('%i/%i is %s', (s, d, cls) => {
    expect(classifyBloodPressure(s, d)).toMatchObject({ class: cls, guideline: 'KSH' });
  });

  it('the higher class of the two numbers wins', () => {
    fc.assert(
      fc.property(ints(80, 200), ints(40, 130), (s, d) => {
        const rank = rankOf(s, d);
        expect(rank).toBe(Math.max(rankOf(s, 0), rankOf(0, d)));
      }),
      runs,
    );
  });

  it('systolic thresholds 120, 130, 140, 160 each raise the class by one, diastolic 80, 90, 100 likewise', () => {
    fc.assert(
      fc.property(fc.constantFrom(120, 130, 140, 160), ints(1, 5), (edge, off) => {
        expect(rankOf(edge - off, 60)).toBe(rankOf(edge, 60) - 1);
        expect(rankOf(edge + off - 1, 60)).toBe(rankOf(edge, 60));
      }),
      runs,
    );
    fc.assert(
      fc.property(fc.constantFrom(80, 90, 100), ints(1, 5), (edge, off) => {
        expect(rankOf(100, edge - off)).toBeLessThan(rankOf(100, edge));
        expect(rankOf(100, edge + off - 1)).toBe(rankOf(100, edge));
      }),
      runs,
    );
  });

  it('is urgent from 180 systolic or 110 diastolic, never below both', () => {
    fc.assert(
      fc.property(ints(50, 300), ints(20, 200), (s, d) => {
        const result = classifyBloodPressure(s, d);
        expect(result.urgent).toBe(s >= 180 || d >= 110);
        expect(result.level === 'urgent').toBe(result.urgent);
      }),
      runs,
    );
    expect(classifyBloodPressure(179, 109).urgent).toBe(false);
    expect(classifyBloodPressure(180, 70).urgent).toBe(true);
    expect(classifyBloodPressure(120, 110).urgent).toBe(true);
  });
});

describe('blood glucose (ADA / KDA)', () => {
  const timing = fc.constantFrom<GlucoseTiming>(...GLUCOSE_TIMINGS);

  it('below 54 is very low and urgent, 54–69 low, whatever the timing', () => {
    fc.assert(
      fc.property(ints(10, 53), timing, (v, t) => {
        expect(classifyGlucose(v, t)).toMatchObject({ class: 'VERY_LOW', urgent: true });
      }),
      runs,
    );
    fc.assert(
      fc.property(ints(54, 69), timing, (v, t) => {
        expect(classifyGlucose(v, t)).toMatchObject({ class: 'LOW', urgent: false });
      }),
      runs,
    );
  });

  it('300 and above is urgent, 299 is not', () => {
    fc.assert(
      fc.property(ints(300, 1000), timing, (v, t) => {
        expect(classifyGlucose(v, t)).toMatchObject({ class: 'VERY_HIGH', urgent: true });
      }),
      runs,
    );
    fc.assert(
      fc.property(ints(70, 299), timing, (v, t) => {
        expect(classifyGlucose(v, t).urgent).toBe(false);
      }),
      runs,
    );
  });

  it('fasting: < 100 normal, 100–125 prediabetes, ≥ 126 diabetes', () => {
    fc.assert(
      fc.property(ints(70, 299), (v) => {
        const expected = v < 100 ? 'NORMAL' : v < 126 ? 'PREDIABETES' : 'DIABETES';
        expect(classifyGlucose(v, 'FASTING').class).toBe(expected);
      }),
      runs,
    );
    expect(classifyGlucose(99, 'FASTING').class).toBe('NORMAL');
    expect(classifyGlucose(100, 'FASTING').class).toBe('PREDIABETES');
    expect(classifyGlucose(125, 'FASTING').class).toBe('PREDIABETES');
    expect(classifyGlucose(126, 'FASTING').class).toBe('DIABETES');
  });

  it('2 h after a meal: < 140 normal, 140–199 impaired, ≥ 200 diabetes range', () => {
    fc.assert(
      fc.property(ints(70, 299), (v) => {
        const expected = v < 140 ? 'NORMAL' : v < 200 ? 'IMPAIRED' : 'DIABETES';
        expect(classifyGlucose(v, 'AFTER_MEAL_2H').class).toBe(expected);
      }),
      runs,
    );
    expect(classifyGlucose(139, 'AFTER_MEAL_2H').class).toBe('NORMAL');
    expect(classifyGlucose(140, 'AFTER_MEAL_2H').class).toBe('IMPAIRED');
    expect(classifyGlucose(199, 'AFTER_MEAL_2H').class).toBe('IMPAIRED');
    expect(classifyGlucose(200, 'AFTER_MEAL_2H').class).toBe('DIABETES');
  });

  it('other timings: ≥ 200 is high', () => {
    fc.assert(
      fc.property(
        ints(70, 299),
        fc.constantFrom<GlucoseTiming>('BEFORE_MEAL', 'BEDTIME', 'RANDOM'),
        (v, t) => {
          expect(classifyGlucose(v, t).class).toBe(v < 200 ? 'NORMAL' : 'HIGH');
        },
      ),
      runs,
    );
  });

  it('mmol/L is mg/dL ÷ 18.016 to one decimal', () => {
    expect(mgdlToMmol(100)).toBe(5.6);
    expect(mgdlToMmol(126)).toBe(7);
  });
});

describe('SpO2 (NEWS2 scale 1)', () => {
  it('≥ 96 scores 0, 94–95 scores 1, 92–93 scores 2, ≤ 91 scores 3 and is urgent', () => {
    fc.assert(
      fc.property(ints(50, 100), (v) => {
        const points = v >= 96 ? 0 : v >= 94 ? 1 : v >= 92 ? 2 : 3;
        expect(classifySpo2(v)).toMatchObject({
          news2Points: points,
          urgent: points === 3,
          guideline: 'NEWS2',
        });
      }),
      runs,
    );
    expect(classifySpo2(91).urgent).toBe(true);
    expect(classifySpo2(92).urgent).toBe(false);
  });
});

describe('temperature (NEWS2)', () => {
  it('≤ 35.0 scores 3, 35.1–36.0 1, 36.1–38.0 0, 38.1–39.0 1, ≥ 39.1 2', () => {
    fc.assert(
      fc.property(tenths(30, 45), (v) => {
        const points = v <= 35 ? 3 : v <= 36 ? 1 : v <= 38 ? 0 : v <= 39 ? 1 : 2;
        expect(classifyTemperature(v)).toMatchObject({ news2Points: points, urgent: points === 3 });
      }),
      runs,
    );
    for (const [v, cls] of [
      [35.0, 'URGENT_LOW'],
      [35.1, 'LOW'],
      [36.0, 'LOW'],
      [36.1, 'NORMAL'],
      [38.0, 'NORMAL'],
      [38.1, 'FEVER'],
      [39.0, 'FEVER'],
      [39.1, 'HIGH_FEVER'],
    ] as const)
      expect(classifyTemperature(v).class).toBe(cls);
  });

  it('judges to one decimal, as the thermometer shows it', () => {
    fc.assert(
      fc.property(tenths(30, 45), fc.double({ min: -0.049, max: 0.049, noNaN: true }), (v, jitter) => {
        expect(classifyTemperature(v + jitter).class).toBe(classifyTemperature(v).class);
      }),
      runs,
    );
  });
});

describe('heart rate (NEWS2)', () => {
  it('≤ 40 scores 3, 41–50 1, 51–90 0, 91–110 1, 111–130 2, ≥ 131 3', () => {
    fc.assert(
      fc.property(ints(20, 300), (v) => {
        const points = v <= 40 ? 3 : v <= 50 ? 1 : v <= 90 ? 0 : v <= 110 ? 1 : v <= 130 ? 2 : 3;
        expect(classifyHeartRate(v)).toMatchObject({ news2Points: points, urgent: points === 3 });
      }),
      runs,
    );
    for (const [v, cls] of [
      [40, 'URGENT_LOW'],
      [41, 'LOW'],
      [50, 'LOW'],
      [51, 'NORMAL'],
      [90, 'NORMAL'],
      [91, 'RAISED'],
      [110, 'RAISED'],
      [111, 'HIGH'],
      [130, 'HIGH'],
      [131, 'URGENT_HIGH'],
    ] as const)
      expect(classifyHeartRate(v).class).toBe(cls);
  });
});

describe('sleep (AASM) and BMI (KSSO)', () => {
  it('7 h and more is enough', () => {
    fc.assert(
      fc.property(ints(1, 1440), (m) => {
        expect(classifySleep(m).class).toBe(m >= 420 ? 'ENOUGH' : 'SHORT');
      }),
      runs,
    );
  });

  it('Korean obesity classes: 18.5, 23, 25, 30, 35', () => {
    fc.assert(
      fc.property(tenths(10, 60), (bmi) => {
        const expected =
          bmi < 18.5
            ? 'UNDERWEIGHT'
            : bmi < 23
              ? 'NORMAL'
              : bmi < 25
                ? 'OVERWEIGHT'
                : bmi < 30
                  ? 'OBESE_1'
                  : bmi < 35
                    ? 'OBESE_2'
                    : 'OBESE_3';
        expect(classifyBmi(bmi).class).toBe(expected);
      }),
      runs,
    );
    expect(classifyBmi(22.9).class).toBe('NORMAL');
    expect(classifyBmi(23).class).toBe('OVERWEIGHT');
    expect(classifyBmi(25).class).toBe('OBESE_1');
  });
});

describe('impossible values', () => {
  const inputFor = (field: BoundedField, value: number) => {
    switch (field) {
      case 'temperatureC':
        return { kind: 'TEMPERATURE', temperatureC: value, site: 'ORAL' } as const;
      case 'systolic':
        return { kind: 'BLOOD_PRESSURE', systolic: value, diastolic: 30 } as const;
      case 'diastolic':
        return { kind: 'BLOOD_PRESSURE', systolic: 250, diastolic: value } as const;
      case 'pulse':
        return { kind: 'BLOOD_PRESSURE', systolic: 250, diastolic: 30, pulse: value } as const;
      case 'bpm':
        return { kind: 'HEART_RATE', bpm: value } as const;
      case 'percent':
        return { kind: 'SPO2', percent: value } as const;
      case 'mgdl':
        return { kind: 'BLOOD_GLUCOSE', mgdl: value, timing: 'RANDOM' } as const;
      case 'durationMin':
        return { kind: 'EXERCISE', activity: 'WALKING', durationMin: value } as const;
      case 'steps':
        return { kind: 'STEPS', steps: value } as const;
      case 'kcal':
        return { kind: 'EXERCISE', activity: 'WALKING', durationMin: 30, kcal: value } as const;
    }
  };
  const fields = Object.keys(VITAL_BOUNDS) as BoundedField[];

  it('accepts every value from min to max inclusive and refuses anything outside', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...fields),
        fc.double({ min: -2000, max: 200_000, noNaN: true }),
        (field, v) => {
          const { min, max } = VITAL_BOUNDS[field];
          const refused = impossibleFields(inputFor(field, v)).map((f) => f.field);
          expect(refused.includes(field)).toBe(v < min || v > max);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('at the bounds: min and max pass, one step beyond fails', () => {
    for (const field of fields) {
      const { min, max } = VITAL_BOUNDS[field];
      expect(impossibleFields(inputFor(field, min))).toEqual([]);
      expect(impossibleFields(inputFor(field, max))).toEqual([]);
      expect(impossibleFields(inputFor(field, min - 0.1))[0]?.field).toBe(field);
      expect(impossibleFields(inputFor(field, max + 0.1))[0]?.field).toBe(field);
    }
  });

  it('sleep from bed and wake time counts the night across midnight', () => {
    const night = {
      kind: 'SLEEP',
      bedAt: '2026-11-23T23:30:00+09:00',
      wakeAt: '2026-11-24T06:30:00+09:00',
    } as const;
    expect(impossibleFields(night)).toEqual([]);
    expect(impossibleFields({ ...night, bedAt: '2026-11-24T07:00:00+09:00' })[0]?.field).toBe('durationMin');
    expect(impossibleFields({ kind: 'SLEEP', wakeAt: night.wakeAt })[0]?.field).toBe('durationMin');
  });

  it('says the range in Korean with the right particle', () => {
    expect(impossibleValueMessage('kr-KO', 'temperatureC')).toBe('체온은 30~45 °C 사이로 입력해 주세요');
    expect(impossibleValueMessage('kr-KO', 'percent')).toBe('산소포화도는 50~100 % 사이로 입력해 주세요');
    expect(impossibleValueMessage('en-US', 'steps')).toBe('Steps must be between 0~100,000 steps');
  });

  it('diastolic at or above systolic is a slip', () => {
    expect(diastolicNotBelowSystolic({ kind: 'BLOOD_PRESSURE', systolic: 80, diastolic: 120 })).toBe(true);
    expect(diastolicNotBelowSystolic({ kind: 'BLOOD_PRESSURE', systolic: 120, diastolic: 80 })).toBe(false);
  });
});

describe('codes and targets', () => {
  it('glucose takes its LOINC code from its timing', () => {
    expect(loincOf('BLOOD_GLUCOSE', 'FASTING')).toBe('41604-0');
    expect(loincOf('BLOOD_GLUCOSE', 'AFTER_MEAL_2H')).toBe('6689-4');
    expect(loincOf('BLOOD_GLUCOSE', 'BEDTIME')).toBe('41653-7');
    expect(loincOf('BLOOD_PRESSURE')).toBe('85354-9');
  });

  it('"below 130/80": either number reaching its limit is above target', () => {
    const target = { kind: 'BLOOD_PRESSURE', low: null, high: 130, high2: 80 } as const;
    fc.assert(
      fc.property(ints(90, 200), ints(40, 120), (s, d) => {
        const verdict = judgeAgainstTarget(
          { kind: 'BLOOD_PRESSURE', value: s, value2: d, context: null },
          target,
        );
        expect(verdict).toBe(s >= 130 || d >= 80 ? 'ABOVE_TARGET' : 'IN_TARGET');
      }),
      runs,
    );
  });

  it('a range target is inclusive at both ends', () => {
    const target = { kind: 'BLOOD_GLUCOSE', low: 80, high: 130, high2: null } as const;
    fc.assert(
      fc.property(ints(10, 400), (v) => {
        const verdict = judgeAgainstTarget(
          { kind: 'BLOOD_GLUCOSE', value: v, value2: null, context: 'FASTING' },
          target,
        );
        expect(verdict).toBe(v > 130 ? 'ABOVE_TARGET' : v < 80 ? 'BELOW_TARGET' : 'IN_TARGET');
      }),
      runs,
    );
  });
});
