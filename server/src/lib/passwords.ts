import { hash, verify } from '@node-rs/argon2';

export type HashCost = 'normal' | 'low';

// argon2id. 'low' exists only so test suites that create many accounts stay quick.
const costs = {
  normal: { memoryCost: 19456, timeCost: 2, parallelism: 1 },
  low: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
} as const;

export function hashPassword(password: string, cost: HashCost = 'normal'): Promise<string> {
  return hash(password, { ...costs[cost], algorithm: 2 });
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;
/** Spend the same time as a real check when there is no account, so timing reveals nothing. */
export async function verifyAgainstDummy(password: string, cost: HashCost = 'normal'): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password-0000', cost);
  await verifyPassword(await dummyHash, password);
  return false;
}
