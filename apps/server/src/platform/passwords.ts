import argon2 from 'argon2';

/** OWASP's argon2id baseline: 19 MiB memory, 2 iterations, 1 lane. */
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => argon2.hash(password, OPTIONS);

export const verifyPassword = async (hash: string, password: string) => {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
};

/** A hash of a random password, compared against when the account does not exist, so timing says nothing. */
let dummyHash: Promise<string> | undefined;
export const verifyAgainstNothing = async (password: string) => {
  dummyHash ??= hashPassword('jade-no-such-account');
  await verifyPassword(await dummyHash, password);
  return false;
};
