import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import { TERMS_CODES, type Terms, type TermsSummary } from '@smartcare/contract/terms';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { api } from '../../testing/factories.ts';
import { termsRepository } from './terms.repository.ts';

describe('terms', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('a fresh deployment starts with every terms code in Korean, health data required and separate, advertising optional', async () => {
    const response = await api(t.baseUrl).get<TermsSummary[]>(apiPaths.terms.getTermsList);
    expect(response.data!.map((item) => item.termsCode).sort()).toEqual([...TERMS_CODES].sort());
    const required = Object.fromEntries(response.data!.map((item) => [item.termsCode, item.required]));
    expect(required).toEqual({
      SERVICE: true,
      PRIVACY: true,
      HEALTH_DATA: true,
      LOCATION: false,
      MARKETING: false,
      MARKETING_NIGHT: false,
    });
    expect(response.data!.find((item) => item.termsCode === 'HEALTH_DATA')!.title).toBe(
      '민감정보(건강정보) 처리 동의',
    );
  });

  it('shows the text of the newest version in effect', async () => {
    await termsRepository.publish(t.app.db, {
      termsCode: 'SERVICE',
      version: 2,
      title: '서비스 이용약관',
      body: '제2판 본문',
      required: true,
    });
    const response = await api(t.baseUrl).get<Terms>(apiPaths.terms.getTerms, {
      query: { termsCode: 'SERVICE' },
    });
    expect(response.data).toMatchObject({ termsCode: 'SERVICE', version: 2, body: '제2판 본문' });
  });

  it('an unknown terms code is VALIDATION_FAILED', async () => {
    const response = await api(t.baseUrl).get(apiPaths.terms.getTerms, { query: { termsCode: 'COOKIES' } });
    expect(response.code).toBe(ResultCode.VALIDATION_FAILED);
  });
});
