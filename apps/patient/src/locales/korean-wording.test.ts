import { resultDescriptions } from '@smartcare/contract/result-codes';
import { formatValidationMessage, validationMessages } from '@smartcare/contract/validation-messages';
import { describe, expect, it } from 'vitest';
import { withoutMark } from '../features/terms/terms-agreement-field';
import { i18next } from '../lib/i18n';
import krKO from './kr-KO';

/** Every string of a catalogue, however deep. */
function strings(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (value && typeof value === 'object') return Object.values(value).flatMap(strings);
  return [];
}

// "을(를)", "이(가)", "은(는)", "과(와)", "(으)로": a particle left for the reader to choose.
const BOTH_PARTICLES = /(을\(를\)|를\(을\)|이\(가\)|가\(이\)|은\(는\)|는\(은\)|과\(와\)|와\(과\)|\(으\)로)/;

describe('Korean wording (issue 10 point 9)', () => {
  it('no text of the app or the contract leaves the particle to the reader', () => {
    const all = [
      ...strings(krKO),
      ...strings(validationMessages['kr-KO']),
      ...strings(resultDescriptions['kr-KO']),
    ];
    expect(all.filter((text) => BOTH_PARTICLES.test(text))).toEqual([]);
  });

  it('picks 을 or 를 from the field’s last syllable, in the app and on the server', () => {
    expect(i18next.t('validation.required', { field: '아이디' })).toBe('아이디를 입력해 주세요');
    expect(i18next.t('validation.required', { field: '이름' })).toBe('이름을 입력해 주세요');
    expect(formatValidationMessage('kr-KO', 'required', { field: '비밀번호 확인' })).toBe(
      '비밀번호 확인을 입력해 주세요',
    );
    expect(formatValidationMessage('kr-KO', 'required', { field: '약관 동의' })).toBe(
      '약관 동의를 입력해 주세요',
    );
    expect(formatValidationMessage('en-US', 'required', { field: 'Email' })).toBe('Please input Email');
    expect(i18next.t('hospitalSelect.chosen', { name: '스마트병원' })).toBe('스마트병원을 선택했습니다.');
    expect(i18next.t('hospitalSelect.chosen', { name: '서울의료원' })).toBe('서울의료원을 선택했습니다.');
    expect(i18next.t('hospitalSelect.chosen', { name: '한빛병원 분원' })).toBe(
      '한빛병원 분원을 선택했습니다.',
    );
    expect(i18next.t('hospitalSelect.chosen', { name: '스마트케어' })).toBe('스마트케어를 선택했습니다.');
  });

  it('a saved change says 저장했습니다; an optional terms title is not marked twice', () => {
    expect(i18next.t('patientUx.saved')).toBe('저장했습니다.');
    expect(`${i18next.t('signUp.optionalMark')} ${withoutMark('광고성 정보 수신 동의 (선택)')}`).toBe(
      '[선택] 광고성 정보 수신 동의',
    );
    expect(withoutMark('서비스 이용약관')).toBe('서비스 이용약관');
  });
});
