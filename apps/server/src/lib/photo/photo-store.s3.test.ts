import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { HeadObjectCommand, ListObjectsV2Command } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPaths } from '@smartcare/contract/api-paths';
import type { Meal } from '@smartcare/contract/diet';
import type { QnaPhoto, QnaQuestion } from '@smartcare/contract/qna';
import { ResultCode } from '@smartcare/contract/result-codes';
import { buildTestApp, type TestApp } from '../../testing/build-test-app.ts';
import { api, createHospital, createPatient, loginPatient } from '../../testing/factories.ts';
import { createFilePhotoStore, createS3PhotoStore, type PhotoStore, type S3Settings } from './photo-store.ts';

/**
 * Photos in S3-compatible storage (issue 15, decision 025), against a real S3 protocol server
 * in this process (s3rver: signatures checked, objects on its own disk): both stores keep the
 * same contract, and the app with `PHOTO_STORAGE=s3` puts diet and Q&A photos in the bucket,
 * serves them back through its photo routes, and erases them with the account (PIPA).
 */
const BUCKET = 'smartcare-photos';
let s3: S3rver;
let s3Dir: string;
let settings: S3Settings;
let t: TestApp;
let hospitalIdx: number;

beforeAll(async () => {
  s3Dir = await mkdtemp(path.join(tmpdir(), 'smartcare-s3rver-'));
  s3 = new S3rver({
    address: 'localhost',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  });
  const { port } = await s3.run();
  settings = {
    endpoint: `http://localhost:${port}`,
    region: 'us-east-1',
    bucket: BUCKET,
    // s3rver's one account; an unknown key id is refused (below), so the credentials are really used.
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    forcePathStyle: true,
  };
  t = await buildTestApp({ config: { photoStorage: { kind: 's3', ...settings } } });
  hospitalIdx = (await createHospital(t.app.db, { name: '재택병원' })).idx;
}, 120_000);

afterAll(async () => {
  await t?.close();
  await s3?.close();
  await rm(s3Dir, { recursive: true, force: true });
});

const bytes = (text: string) => new Uint8Array(Buffer.from(text));
const read = async (stream: NodeJS.ReadableStream | null) => {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks).toString();
};

async function objectExists(objectKey: string): Promise<boolean> {
  const store = createS3PhotoStore(settings, 'probe');
  try {
    await store.client.send(new HeadObjectCommand({ Bucket: BUCKET, Key: objectKey }));
    return true;
  } catch (error) {
    if ((error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404)
      return false;
    throw error;
  }
}

async function objectsUnder(prefix: string): Promise<string[]> {
  const store = createS3PhotoStore(settings, 'probe');
  const listed = await store.client.send(new ListObjectsV2Command({ Bucket: BUCKET, Prefix: `${prefix}/` }));
  return (listed.Contents ?? []).map((object) => object.Key!).sort();
}

describe.each([
  [
    'file system',
    async (): Promise<PhotoStore> => createFilePhotoStore(await mkdtemp(path.join(tmpdir(), 'photos-'))),
  ],
  ['S3', async (): Promise<PhotoStore> => createS3PhotoStore(settings, `unit-${Date.now()}`)],
])('the %s store', (_name, make) => {
  it('puts, gets, streams and deletes by key; a gone key reads as null', async () => {
    const store = await make();
    const key = await store.put(bytes('first photo'));
    expect(key).toMatch(/^[a-f0-9]{32}\.jpg$/);
    const other = await store.put(bytes('second photo'));
    expect(other).not.toBe(key);
    expect((await store.get(key))?.toString()).toBe('first photo');
    expect(await read(await store.stream(other))).toBe('second photo');
    await store.delete(key);
    expect(await store.get(key)).toBeNull();
    expect(await store.stream(key)).toBeNull();
    await store.delete(key); // already gone: not an error
    expect((await store.get(other))?.toString()).toBe('second photo');
  });

  it('accepts only its own keys (never a path from outside)', async () => {
    const store = await make();
    await expect(store.get('../../etc/passwd')).rejects.toThrow(/not a photo key/);
    await expect(store.delete('a/b.jpg')).rejects.toThrow(/not a photo key/);
  });
});

describe('S3 settings', () => {
  it('an unknown access key is refused by the server (the credentials are sent)', async () => {
    const store = createS3PhotoStore({ ...settings, accessKeyId: 'NOT-A-KEY' }, 'unit');
    await expect(store.put(bytes('x'))).rejects.toThrow(/Access Key Id/);
  });
});

async function patient() {
  const created = await createPatient(t.app.db, { name: '김사진', choseHospitalIdx: hospitalIdx });
  return { ...created, accessToken: (await loginPatient(t.baseUrl, created)).accessToken };
}

const cameraJpeg = () =>
  sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#b07040' } })
    .jpeg()
    .toBuffer();

const kstNow = () => `${new Date(Date.now() - 5 * 60_000 + 9 * 3600_000).toISOString().slice(0, 19)}+09:00`;

describe('the app with PHOTO_STORAGE=s3', () => {
  it('keeps a diet photo in the bucket, serves it back, and erases it with the account', async () => {
    const me = await patient();
    const bystander = await patient();
    const photo = { dataBase64: (await cameraJpeg()).toString('base64') };
    const meal = (body: unknown, token: string) =>
      api(t.baseUrl).post<Meal>(apiPaths.diet.recordMeal, { token, body });
    const lunch = {
      mealType: 'LUNCH',
      eatenAt: kstNow(),
      items: [{ kind: 'FOOD', foodCode: 'F001', unit: 'SERVING', amount: 1 }],
      photo,
    };
    const saved = await meal(lunch, me.accessToken);
    expect(saved.code).toBe(ResultCode.SUCCESS);
    const theirs = await meal(lunch, bystander.accessToken);
    const keyOf = async (idx: number) =>
      (await t.app.db.query<{ key: string }>('SELECT photo_key AS key FROM diet_meal WHERE idx = $1', [idx]))
        .rows[0]!.key;
    const mine = `diet-photos/${await keyOf(saved.data!.idx)}`;
    const their = `diet-photos/${await keyOf(theirs.data!.idx)}`;
    expect(await objectsUnder('diet-photos')).toEqual([mine, their].sort());

    // Read back through the app's route: the resized JPEG from the bucket.
    const served = await api(t.baseUrl).get<{ dataBase64: string }>(apiPaths.diet.getPhoto, {
      token: me.accessToken,
      query: { idx: saved.data!.idx },
    });
    expect(served.code).toBe(ResultCode.SUCCESS);
    const metadata = await sharp(Buffer.from(served.data!.dataBase64, 'base64')).metadata();
    expect(metadata.format).toBe('jpeg');
    expect(Math.max(metadata.width!, metadata.height!)).toBeLessThanOrEqual(1600);

    // Account deletion (PIPA): the object is gone from the bucket; the bystander's stays.
    const deleted = await api(t.baseUrl).delete(apiPaths.patient.delete, {
      token: me.accessToken,
      body: { password: me.password },
    });
    expect(deleted.code).toBe(ResultCode.SUCCESS);
    expect(await objectExists(mine)).toBe(false);
    expect(await objectExists(their)).toBe(true);
    expect(await objectsUnder('diet-photos')).toEqual([their]);
  });

  it('keeps Q&A photos in the same bucket under qna-photos/ and erases them with the account', async () => {
    const me = await patient();
    const jpeg = (await cameraJpeg()).toString('base64');
    const asked = await api(t.baseUrl).post<QnaQuestion>(apiPaths.qna.createQuestion, {
      token: me.accessToken,
      body: {
        category: 'SYMPTOM',
        title: '상처 사진입니다',
        text: '무릎 상처가 빨갛게 부었어요.',
        clientRequestId: `s3-${Date.now()}`,
        photos: [{ dataBase64: jpeg }],
      },
    });
    expect(asked.code).toBe(ResultCode.SUCCESS);
    const before = await objectsUnder('qna-photos');
    expect(before).toHaveLength(1);
    const served = await api(t.baseUrl).get<QnaPhoto>(apiPaths.qna.getPhoto, {
      token: me.accessToken,
      query: { idx: asked.data!.photoIdxs[0] },
    });
    expect(served.code).toBe(ResultCode.SUCCESS);
    await api(t.baseUrl).delete(apiPaths.patient.delete, {
      token: me.accessToken,
      body: { password: me.password },
    });
    expect(await objectsUnder('qna-photos')).toEqual([]);
  });
});
