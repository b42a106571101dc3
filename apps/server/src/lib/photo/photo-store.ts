import { randomBytes } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';

/**
 * Where processed photos live (decision 025): named by a random key that is all the database
 * keeps. Two implementations: files under a folder of DATA_DIR (the default) and an
 * S3-compatible bucket (AWS, MinIO, Ceph, NCP Object Storage) when `PHOTO_STORAGE=s3`.
 * Every feature that keeps photos (diet, Q&A) goes through this interface only.
 */
export interface PhotoStore {
  /** Stores the bytes under a new random key and returns it. */
  put(jpeg: Uint8Array): Promise<string>;
  /** The whole photo; null when it is gone. */
  get(key: string): Promise<Buffer | null>;
  /** The photo as a stream; null when it is gone. */
  stream(key: string): Promise<Readable | null>;
  /** Removes the photo; removing what is already gone is not an error. */
  delete(key: string): Promise<void>;
}

/** S3-compatible storage settings (config.ts `PHOTO_STORAGE=s3`). */
export interface S3Settings {
  /** e.g. https://kr.object.ncloudstorage.com; undefined: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** bucket in the path (MinIO, Ceph, most self-hosted servers) rather than the host name. */
  forcePathStyle: boolean;
}

export type PhotoStorage = { kind: 'file' } | ({ kind: 's3' } & S3Settings);

const KEY = /^[a-f0-9]{32}\.jpg$/;
const newKey = () => `${randomBytes(16).toString('hex')}.jpg`;
/** Keys come from the database, never from a request; still, nothing but a key is accepted. */
function checked(key: string): string {
  if (!KEY.test(key)) throw new Error(`not a photo key: ${key}`);
  return key;
}

export interface FilePhotoStore extends PhotoStore {
  /** The file's path (tests show a file is gone). */
  pathOf(key: string): string;
}

export function createFilePhotoStore(dir: string): FilePhotoStore {
  const pathOf = (key: string) => path.join(dir, checked(key).slice(0, 2), key);
  const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';
  return {
    pathOf,
    async put(jpeg) {
      const key = newKey();
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, jpeg, { mode: 0o600 });
      return key;
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if (missing(error)) return null;
        throw error;
      }
    },
    async stream(key) {
      const stream = createReadStream(pathOf(key));
      // Opening is asynchronous: wait for it so a missing file is null, not a stream error.
      return new Promise<Readable | null>((resolve, reject) => {
        stream.once('open', () => resolve(stream));
        stream.once('error', (error) => (missing(error) ? resolve(null) : reject(error)));
      });
    },
    async delete(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}

export interface S3PhotoStore extends PhotoStore {
  /** The object's key in the bucket (tests look in the bucket). */
  objectKeyOf(key: string): string;
  readonly bucket: string;
  readonly client: S3Client;
}

/**
 * Photos as objects `{prefix}/{key}` in one bucket. The bucket is made by the operator (its
 * access policy is theirs to choose): objects are private, only the app reads them back.
 */
export function createS3PhotoStore(settings: S3Settings, prefix: string): S3PhotoStore {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums on every request are newer than several S3-compatible servers understand.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const objectKeyOf = (key: string) => `${prefix}/${checked(key)}`;
  const notFound = (error: unknown) =>
    error instanceof NoSuchKey ||
    (error instanceof S3ServiceException &&
      (error.name === 'NotFound' || error.$metadata.httpStatusCode === 404));

  async function open(key: string): Promise<Readable | null> {
    try {
      const answer = await client.send(
        new GetObjectCommand({ Bucket: settings.bucket, Key: objectKeyOf(key) }),
      );
      return answer.Body instanceof Readable ? answer.Body : null;
    } catch (error) {
      if (notFound(error)) return null;
      throw error;
    }
  }

  return {
    bucket: settings.bucket,
    client,
    objectKeyOf,
    async put(jpeg) {
      const key = newKey();
      await client.send(
        new PutObjectCommand({
          Bucket: settings.bucket,
          Key: objectKeyOf(key),
          Body: jpeg,
          ContentType: 'image/jpeg',
        }),
      );
      return key;
    },
    async get(key) {
      const body = await open(key);
      if (!body) return null;
      const chunks: Buffer[] = [];
      for await (const chunk of body) chunks.push(Buffer.from(chunk as Uint8Array));
      return Buffer.concat(chunks);
    },
    stream: open,
    async delete(key) {
      // S3 answers 204 for a key that is not there: nothing to tell apart.
      await client.send(new DeleteObjectCommand({ Bucket: settings.bucket, Key: objectKeyOf(key) }));
    },
  };
}

/**
 * The store one feature uses: `{DATA_DIR}/{name}/` on the file system, or `{name}/` in the
 * bucket when S3-compatible storage is configured.
 */
export function createPhotoStore(storage: PhotoStorage, dataDir: string, name: string): PhotoStore {
  return storage.kind === 's3'
    ? createS3PhotoStore(storage, name)
    : createFilePhotoStore(path.join(dataDir, name));
}
