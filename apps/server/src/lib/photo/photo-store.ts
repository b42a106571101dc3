import { randomBytes } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where processed photos live: files under one folder of DATA_DIR, named by a random key
 * that is all the database keeps. S3-compatible storage is left out for now (decision 025):
 * a second implementation of this interface is all it takes.
 */
export interface PhotoStore {
  put(jpeg: Uint8Array): Promise<string>;
  /** null when the file is gone. */
  get(key: string): Promise<Buffer | null>;
  remove(key: string): Promise<void>;
  /** The file's path (tests show a file is gone). */
  pathOf(key: string): string;
}

const KEY = /^[a-f0-9]{32}\.jpg$/;

export function createFilePhotoStore(dir: string): PhotoStore {
  const pathOf = (key: string) => {
    // Keys come from the database, never from a request; still, nothing outside `dir`.
    if (!KEY.test(key)) throw new Error(`not a photo key: ${key}`);
    return path.join(dir, key.slice(0, 2), key);
  };
  return {
    pathOf,
    async put(jpeg) {
      const key = `${randomBytes(16).toString('hex')}.jpg`;
      const file = pathOf(key);
      await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
      await writeFile(file, jpeg, { mode: 0o600 });
      return key;
    },
    async get(key) {
      try {
        return await readFile(pathOf(key));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
