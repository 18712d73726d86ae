import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keyLength: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

// docs/architecture.md: scrypt N=2^15, r=8, p=1. The parameters are stored with each hash, so a hash
// is checked with the cost it was made with: the cost can be raised later, and a test run that
// lowers it (PASSWORD_HASH_COST) makes hashes that verify anywhere.
const keyLength = 32;
const maxmem = 64 * 1024 * 1024;

/** `scrypt$N$r$p$salt$hash`, base64url parts; runs on libuv's pool, not the event loop. */
const hashWith = async (password: string, parameters: { N: number; r: number; p: number }) => {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password.normalize('NFKC'), salt, keyLength, { ...parameters, maxmem });
  return [
    'scrypt',
    parameters.N,
    parameters.r,
    parameters.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
};

/** Whether `password` is the one `stored` was made from, with the parameters `stored` records. */
export const verifyPassword = async (password: string, stored: string): Promise<boolean> => {
  const [scheme, n, r, p, salt, hash] = stored.split('$');
  if (scheme !== 'scrypt' || !salt || !hash) return false;
  const expected = Buffer.from(hash, 'base64url');
  const actual = await scryptAsync(
    password.normalize('NFKC'),
    Buffer.from(salt, 'base64url'),
    expected.length,
    {
      N: Number(n),
      r: Number(r),
      p: Number(p),
      maxmem,
    },
  );
  return timingSafeEqual(actual, expected);
};

/** Hashing at the configured cost: `cost` is scrypt's N as a power of two (config PASSWORD_HASH_COST). */
export const createPasswords = (cost: number) => {
  const parameters = { N: 2 ** cost, r: 8, p: 1 };
  const hash = (password: string) => hashWith(password, parameters);
  // Unknown emails still cost one hash at the same cost, so response time does not reveal which
  // accounts exist.
  const decoyHash = hash('decoy password for unknown accounts');
  return {
    hash,
    verify: verifyPassword,
    spendDecoyHashTime: async (password: string) => {
      await verifyPassword(password, await decoyHash);
    },
  };
};

export type TPasswords = ReturnType<typeof createPasswords>;
