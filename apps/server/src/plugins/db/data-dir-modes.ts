import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * DATA_DIR holds health data (the WAL has chat text) and the token secret: only the server's
 * own user may read it (issue 10 point 16). PGlite's file system layer creates most of its
 * files 0666 whatever the umask (it extracts its initial cluster with those modes and rewrites
 * relcache files 0644), so a umask alone is not enough: the directory is 0700, so nothing
 * under it is reachable by others, and every file in it is brought back to 0600.
 */
export const DATA_DIR_MODE = 0o700;
export const DATA_FILE_MODE = 0o600;

/**
 * Files the process creates from now on are private. Only possible in the main thread
 * (worker threads share the process's umask and may not set it): there, the chmod passes
 * still hold the line.
 */
export function restrictUmask(): void {
  try {
    process.umask(0o077);
  } catch {
    // ERR_WORKER_UNSUPPORTED_OPERATION in a worker thread.
  }
}

/** Creates DATA_DIR (and parents) if missing, and makes it 0700 even if it existed before. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: DATA_DIR_MODE });
  await chmod(dir, DATA_DIR_MODE);
}

/**
 * Every directory under `dir` 0700 and every file 0600; symbolic links are not followed.
 * Files may vanish while we walk (PostgreSQL removes old WAL segments): that is fine.
 * Returns how many modes it changed.
 */
export async function tightenModes(dir: string): Promise<number> {
  let changed = 0;
  const walk = async (current: string): Promise<void> => {
    let entries;
    try {
      entries = await readdir(current, { withFileTypes: true });
    } catch (error) {
      if ((error as { code?: string }).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (entry.isSymbolicLink()) continue;
      const wanted = entry.isDirectory() ? DATA_DIR_MODE : DATA_FILE_MODE;
      try {
        const mode = (await lstat(full)).mode & 0o777;
        if (mode !== wanted) {
          await chmod(full, wanted);
          changed++;
        }
      } catch (error) {
        if ((error as { code?: string }).code !== 'ENOENT') throw error;
      }
      if (entry.isDirectory()) await walk(full);
    }
  };
  if ((await lstat(dir)).mode & 0o077) {
    await chmod(dir, DATA_DIR_MODE);
    changed++;
  }
  await walk(dir);
  return changed;
}
