import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, apiPaths } from '@smartcare/contract/api-paths';
import { buildTestApp, type TestApp } from '../testing/build-test-app.ts';

/** Every security header, exactly, on the answers the API gives (brief §3). */
describe('security headers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  const expected = (host: string) => ({
    'content-security-policy':
      "default-src 'self';script-src 'self';style-src 'self' 'unsafe-inline';img-src 'self' data: blob:;" +
      `font-src 'self' data:;connect-src 'self' ws://${host} wss://${host};manifest-src 'self';` +
      "worker-src 'self';media-src 'self' blob:;object-src 'none';base-uri 'self';form-action 'self';" +
      "frame-ancestors 'none'",
    'cross-origin-opener-policy': 'same-origin',
    'cross-origin-resource-policy': 'same-site',
    'origin-agent-cluster': '?1',
    'referrer-policy': 'no-referrer',
    'strict-transport-security': 'max-age=31536000; includeSubDomains',
    'x-content-type-options': 'nosniff',
    'x-dns-prefetch-control': 'off',
    'x-download-options': 'noopen',
    'x-frame-options': 'DENY',
    'x-permitted-cross-domain-policies': 'none',
    'x-xss-protection': '0',
  });

  it('are on successes, refusals and unknown routes alike', async () => {
    const host = new URL(t.baseUrl).host;
    for (const path of [
      `${API_PREFIX}/health`,
      `${API_PREFIX}${apiPaths.patient.getPatient}`,
      `${API_PREFIX}/nope`,
    ]) {
      const response = await fetch(`${t.baseUrl}${path}`);
      const headers = Object.fromEntries(response.headers);
      expect(headers, path).toMatchObject(expected(host));
      expect(headers, path).not.toHaveProperty('x-powered-by');
    }
  });

  it('every API answer says no-store: successes, logins, refusals, unknown routes (issue 10 point 19)', async () => {
    const responses = [
      await fetch(`${t.baseUrl}${API_PREFIX}/health`),
      await fetch(`${t.baseUrl}${API_PREFIX}${apiPaths.hospital.getHospitalList}`),
      await fetch(`${t.baseUrl}${API_PREFIX}${apiPaths.patient.getPatient}`),
      await fetch(`${t.baseUrl}${API_PREFIX}${apiPaths.patient.login}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ loginId: 'nobody', password: 'Wrong-pass1' }),
      }),
      await fetch(`${t.baseUrl}${API_PREFIX}${apiPaths.patient.login}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{',
      }),
      await fetch(`${t.baseUrl}${API_PREFIX}/nope`),
    ];
    for (const response of responses) {
      expect(response.headers.get('cache-control'), response.url).toBe('no-store');
    }
  });

  it('the socket sources follow the Host the request came to', async () => {
    // fetch may not set Host; node:http may.
    const csp = await new Promise<string>((resolve, reject) => {
      const req = request(
        `${t.baseUrl}${API_PREFIX}/health`,
        { headers: { host: 'ward7.example:8443' } },
        (res) => {
          res.resume();
          resolve(String(res.headers['content-security-policy']));
        },
      );
      req.on('error', reject);
      req.end();
    });
    expect(csp).toContain("connect-src 'self' ws://ward7.example:8443 wss://ward7.example:8443;");
  });
});
