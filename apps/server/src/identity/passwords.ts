import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';

const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keyLength: number,
  options: { N: number; r: number; p: number; maxmem: number },
) => Promise<Buffer>;

// docs/architecture.md: scrypt N=2^15, r=8, p=1. The parameters are stored with each hash so they can be raised later.
const defaults = { N: 2 ** 15, r: 8, p: 1 };
const keyLength = 32;
const maxmem = 64 * 1024 * 1024;

/** `scrypt$N$r$p$salt$hash`, base64url parts; runs on libuv's pool, not the event loop. */
export const hashPassword = async (password: string): Promise<string> => {
  const salt = randomBytes(16);
  const hash = await scryptAsync(password.normalize('NFKC'), salt, keyLength, { ...defaults, maxmem });
  return [
    'scrypt',
    defaults.N,
    defaults.r,
    defaults.p,
    salt.toString('base64url'),
    hash.toString('base64url'),
  ].join('$');
};

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

// Unknown emails still cost one hash, so response time does not reveal which accounts exist.
const decoyHash = hashPassword('decoy password for unknown accounts');
export const spendDecoyHashTime = async (password: string) => {
  await verifyPassword(password, await decoyHash);
};
