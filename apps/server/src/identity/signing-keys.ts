import { createPrivateKey, type JsonWebKey, type KeyObject, randomBytes } from 'node:crypto';
import { isNull } from 'drizzle-orm';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Db, Queryable } from '../db/client.ts';
import { identitySigningKeys } from '../db/schema/index.ts';

export type SigningKey = { kid: string; privateKey: KeyObject };

const algorithm = 'RS256';

/**
 * The RS256 key that signs ID tokens, created on first start and kept in the database so every
 * instance signs with it. Retired keys stay in the published JWKS until their tokens expire.
 */
export const loadSigningKeys = async (db: Db) => {
  await ensureActiveKey(db);
  const rows = await db.select().from(identitySigningKeys);
  const active = rows.find((row) => row.retiredAt === null);
  if (!active) throw new Error('No active identity signing key');
  const privateKey = createPrivateKey({ key: active.privateJwk as JsonWebKey, format: 'jwk' });
  const publicKeys = rows
    .filter((row) => row.retiredAt === null || Date.now() - row.retiredAt.getTime() < 2 * 60 * 60 * 1000)
    .map((row) => ({ ...(row.publicJwk as JWK), kid: row.kid, alg: algorithm, use: 'sig' }));
  return { signingKey: { kid: active.kid, privateKey } satisfies SigningKey, jwks: { keys: publicKeys } };
};

const ensureActiveKey = async (db: Db) => {
  const [active] = await db
    .select({ kid: identitySigningKeys.kid })
    .from(identitySigningKeys)
    .where(isNull(identitySigningKeys.retiredAt));
  if (active) return;
  await insertNewKey(db);
};

const insertNewKey = async (db: Queryable) => {
  const { privateKey, publicKey } = await generateKeyPair(algorithm, {
    extractable: true,
    modulusLength: 2048,
  });
  await db.insert(identitySigningKeys).values({
    kid: randomBytes(20).toString('hex'),
    privateJwk: (await exportJWK(privateKey)) as Record<string, unknown>,
    publicJwk: (await exportJWK(publicKey)) as Record<string, unknown>,
  });
};

/** Retires the active key and makes a new one; tokens signed by the old key stay valid until expiry. */
export const rotateSigningKey = async (db: Db) => {
  await db.transaction(async (tx) => {
    await tx
      .update(identitySigningKeys)
      .set({ retiredAt: new Date() })
      .where(isNull(identitySigningKeys.retiredAt));
    await insertNewKey(tx);
  });
};
