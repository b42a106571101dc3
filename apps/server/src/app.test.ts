import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_PREFIX, apiPaths } from '@smartcare/contract/api-paths';
import { ResultCode } from '@smartcare/contract/result-codes';
import { buildTestApp, type TestApp } from './testing/build-test-app.ts';
import { api } from './testing/factories.ts';

describe('the server’s edges', () => {
  let t: TestApp;
  let sites: string;
  beforeAll(async () => {
    // Stand-ins for the two built apps.
    sites = await mkdtemp(path.join(tmpdir(), 'smartcare-sites-'));
    for (const [dir, title] of [
      ['patient', '환자 앱'],
      ['staff', '직원 콘솔'],
    ] as const) {
      await mkdir(path.join(sites, dir, 'assets'), { recursive: true });
      await writeFile(path.join(sites, dir, 'index.html'), `<!doctype html><title>${title}</title>`);
      await writeFile(path.join(sites, dir, 'assets', 'app-abc123.js'), 'console.log(1)');
    }
    // issue 12: the installed app's service worker and manifest (decision 017).
    await writeFile(path.join(sites, 'patient', 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(path.join(sites, 'patient', 'manifest.webmanifest'), '{"name":"스마트 헬스케어"}');
    t = await buildTestApp({
      config: { corsOrigins: ['https://app.example.com'], bodyLimit: 2048 },
      build: { static: { patientDist: path.join(sites, 'patient'), staffDist: path.join(sites, 'staff') } },
    });
  });
  afterAll(async () => {
    await t.close();
    await rm(sites, { recursive: true, force: true });
  });

  it('answers readiness at /health', async () => {
    const response = await api(t.baseUrl).get<{ status: string }>('/health');
    expect(response.status).toBe(200);
    expect(response.data).toMatchObject({ status: 'ok' });
  });

  it('an unknown API route is the NOT_FOUND envelope, rate-limited', async () => {
    const response = await api(t.baseUrl).get('/patient/nothingHere');
    expect(response.status).toBe(404);
    expect(response).toMatchObject({
      code: ResultCode.NOT_FOUND,
      description: '요청한 정보를 찾을 수 없습니다.',
      data: null,
    });
    expect(response.headers.get('x-ratelimit-limit')).toBeTruthy();
  });

  it('a body over the limit is PAYLOAD_TOO_LARGE and never a stack trace', async () => {
    const response = await api(t.baseUrl).post(apiPaths.patient.login, {
      body: { loginId: 'x', password: 'y'.repeat(5000) },
    });
    expect(response.status).toBe(413);
    expect(response.code).toBe(ResultCode.PAYLOAD_TOO_LARGE);
    expect(JSON.stringify(response)).not.toMatch(/at .*\.ts:\d+/);
  });

  it('malformed JSON and the wrong media type are VALIDATION_FAILED', async () => {
    const broken = await api(t.baseUrl).post(apiPaths.patient.signUp, { rawBody: '{"loginId":' });
    expect(broken.status).toBe(400);
    expect(broken.code).toBe(ResultCode.VALIDATION_FAILED);
    const text = await api(t.baseUrl).post(apiPaths.patient.signUp, {
      rawBody: 'hello',
      headers: { 'content-type': 'text/plain' },
    });
    expect(text.code).toBe(ResultCode.VALIDATION_FAILED);
  });

  it('sends a strict Content-Security-Policy: scripts from self only, sockets to self', async () => {
    const response = await fetch(`${t.baseUrl}/`);
    const csp = response.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(csp).toContain(`connect-src 'self' ws://${new URL(t.baseUrl).host}`);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('a forged Host header never reaches the policy', async () => {
    const { request } = await import('node:http');
    const csp = await new Promise<string>((resolve, reject) => {
      const req = request(`${t.baseUrl}/`, { headers: { host: 'evil.example; script-src *' } }, (res) => {
        res.resume();
        resolve(String(res.headers['content-security-policy']));
      });
      req.on('error', reject);
      req.end();
    });
    expect(csp).not.toContain('evil');
  });

  it('CORS answers only the configured origins', async () => {
    const allowed = await fetch(`${t.baseUrl}${API_PREFIX}/health`, {
      headers: { origin: 'https://app.example.com' },
    });
    expect(allowed.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    const other = await fetch(`${t.baseUrl}${API_PREFIX}/health`, {
      headers: { origin: 'https://evil.example.com' },
    });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${t.baseUrl}${API_PREFIX}${apiPaths.patient.refresh}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example.com',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'accesstoken,refreshtoken',
      },
    });
    expect(preflight.headers.get('access-control-allow-headers')).toMatch(/RefreshToken/i);
  });

  it('serves the patient app at /, the staff console at /staff/, with index.html for app routes', async () => {
    const patient = await fetch(`${t.baseUrl}/`);
    expect(await patient.text()).toContain('환자 앱');
    const staff = await fetch(`${t.baseUrl}/staff/`);
    expect(await staff.text()).toContain('직원 콘솔');
    const deepLink = await fetch(`${t.baseUrl}/staff/chat/12`, { headers: { accept: 'text/html' } });
    expect(deepLink.status).toBe(200);
    expect(await deepLink.text()).toContain('직원 콘솔');
    const asset = await fetch(`${t.baseUrl}/assets/app-abc123.js`);
    expect(asset.headers.get('cache-control')).toContain('immutable');
    const missingAsset = await fetch(`${t.baseUrl}/assets/missing.js`);
    expect(missingAsset.status).toBe(404);
  });

  it('never lets a browser keep the service worker or the web app manifest without asking (a deploy reaches installed apps)', async () => {
    for (const file of ['/sw.js', '/manifest.webmanifest', '/']) {
      const response = await fetch(`${t.baseUrl}${file}`);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('cache-control'), file).toBe('no-cache');
    }
    // The policy lets the app register its worker and read its manifest from its own origin.
    const csp = (await fetch(`${t.baseUrl}/`)).headers.get('content-security-policy') ?? '';
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
  });

  it('publishes the OpenAPI document with every call, and the viewer', async () => {
    const doc = (await (await fetch(`${t.baseUrl}${API_PREFIX}/docs/json`)).json()) as {
      paths: Record<string, unknown>;
    };
    for (const path of [
      ...Object.values(apiPaths.patient),
      ...Object.values(apiPaths.staff),
      apiPaths.hospital.getHospitalList,
      apiPaths.terms.getTerms,
    ]) {
      expect(doc.paths, path).toHaveProperty([`${API_PREFIX}${path}`]);
    }
    const viewer = await fetch(`${t.baseUrl}${API_PREFIX}/docs/`);
    expect(viewer.status).toBe(200);
    expect(await viewer.text()).toContain('swagger');
    // The viewer's policy is relaxed only as far as it needs: still no inline script.
    const csp = viewer.headers.get('content-security-policy')!;
    expect(csp).toMatch(/script-src 'self'\s*;/);
    expect(csp).not.toContain('upgrade-insecure-requests');
  });
});

describe('without built apps', () => {
  it('starts anyway; the pages answer NOT_FOUND until `npm run build`', async () => {
    const empty = await mkdtemp(path.join(tmpdir(), 'smartcare-nosite-'));
    const t = await buildTestApp({
      build: { static: { patientDist: path.join(empty, 'p'), staffDist: path.join(empty, 's') } },
    });
    try {
      const response = await fetch(`${t.baseUrl}/`, { headers: { accept: 'text/html' } });
      expect(response.status).toBe(404);
    } finally {
      await t.close();
      await rm(empty, { recursive: true, force: true });
    }
  });
});
