import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.ts';
import { createPasswords, verifyPassword } from './passwords.ts';

describe('password hashes', () => {
  it('hashes at scrypt N=2^15 by default, recording the parameters with the hash', async () => {
    const passwords = createPasswords(loadConfig({}).passwordHashCost);
    const stored = await passwords.hash('correct horse');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await passwords.verify('correct horse', stored)).toBe(true);
    expect(await passwords.verify('correct horse ', stored)).toBe(false);
  });

  it("checks a hash with the cost it was made with, whatever the server's cost is now", async () => {
    // A test run's cheap hash, and a real one: each verifies under the other's setting.
    const cheap = await createPasswords(10).hash('s3cret');
    expect(cheap).toMatch(/^scrypt\$1024\$/);
    expect(await createPasswords(15).verify('s3cret', cheap)).toBe(true);
    expect(await verifyPassword('s3cret', await createPasswords(15).hash('s3cret'))).toBe(true);
  });

  it('refuses a cost below the real one in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', PASSWORD_HASH_COST: '10' })).toThrow(
      /PASSWORD_HASH_COST/,
    );
    expect(loadConfig({ PASSWORD_HASH_COST: '10' }).passwordHashCost).toBe(10);
  });
});
