import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './testing/build-test-app.ts';
import { loginStaff } from './testing/factories.ts';
import { runCommand } from './cli-commands.ts';

describe('admin CLI', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => {
    delete process.env.NEW_PASSWORD;
    await t.close();
  });

  it('adds a hospital, then a nurse there who can sign in with the password from NEW_PASSWORD', async () => {
    const added = await runCommand(t.app.db, 'add-hospital', {
      name: '새병원',
      address: '',
      phone: '',
      areas: ['HOSPITAL'],
    });
    const hospitalIdx = Number(/hospital (\d+) added/.exec(added)![1]);
    process.env.NEW_PASSWORD = 'Nurse-pass1';
    expect(
      await runCommand(t.app.db, 'add-staff', {
        'login-id': 'nurse-cli',
        name: '김간호',
        role: 'NURSE',
        'hospital-idx': hospitalIdx,
      }),
    ).not.toContain('Nurse-pass1');
    await loginStaff(t.baseUrl, { loginId: 'nurse-cli', password: 'Nurse-pass1' });
  });

  it('refuses staff for a hospital that does not exist, and prints a generated password once', async () => {
    await expect(
      runCommand(t.app.db, 'add-staff', {
        'login-id': 'ghost',
        name: '유령',
        role: 'ADMIN',
        'hospital-idx': 9999,
      }),
    ).rejects.toThrow(/No hospital/);
    delete process.env.NEW_PASSWORD;
    const output = await runCommand(t.app.db, 'add-patient', {
      'login-id': 'cli-patient',
      name: '박환자',
      areas: ['HOMECARE'],
    });
    expect(output).toMatch(/password: \S+ — shown once/);
  });
});
