import { describe, expect, it } from 'vitest';
import { mayReturnTo, rateAreaOf } from './area';

describe('the rating screen’s area (issue 16, a telemedicine visit of issue 17)', () => {
  it('is home care for a telemedicine visit, the hospital for every other occasion', () => {
    expect(rateAreaOf('?kind=TELEMEDICINE&idx=4')).toBe('homecare');
    expect(rateAreaOf('kind=TELEMEDICINE&idx=4')).toBe('homecare');
    expect(rateAreaOf('?kind=APPOINTMENT&idx=4')).toBe('hospital');
    expect(rateAreaOf('?kind=CHAT&idx=4')).toBe('hospital');
    expect(rateAreaOf('')).toBe('hospital');
  });
});

describe('where a login may send the patient back', () => {
  it('to a screen of its own area, or to the rating screen both areas share, with its query', () => {
    expect(mayReturnTo('homecare', '/homecare/telemedicine/4')).toBe(true);
    expect(mayReturnTo('homecare', '/hospital/rate?kind=TELEMEDICINE&idx=4')).toBe(true);
    expect(mayReturnTo('hospital', '/hospital/rate?kind=APPOINTMENT&idx=4')).toBe(true);
    expect(mayReturnTo('hospital', '/hospital/schedulemanage/4')).toBe(true);
  });

  it('never to the other area’s screens or anywhere else', () => {
    expect(mayReturnTo('homecare', '/hospital/schedulemanage/4')).toBe(false);
    expect(mayReturnTo('hospital', '/homecare/telemedicine/4')).toBe(false);
    expect(mayReturnTo('homecare', '//evil.example/hospital/rate')).toBe(false);
    expect(mayReturnTo('homecare', 'https://evil.example/hospital/rate')).toBe(false);
    expect(mayReturnTo('homecare', '/hospital/rate/../../x')).toBe(false);
  });
});
