import { hash, verify } from '@node-rs/argon2';

/**
 * argon2id with OWASP's minimum (m=19 MiB, t=2, p=1). `algorithm: 2` is Argon2id: the
 * package's `Algorithm` is a const enum, which isolated modules cannot import.
 */
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies against the stored hash, or against a throw-away one when there is no account,
 * so "no such user" and "wrong password" take the same time.
 */
export async function verifyPassword(
  storedHash: string | null | undefined,
  password: string,
): Promise<boolean> {
  dummyHash ??= hashPassword('smartcare-timing-equaliser');
  const target = storedHash ?? (await dummyHash);
  try {
    const matches = await verify(target, password);
    return matches && Boolean(storedHash);
  } catch {
    return false;
  }
}
