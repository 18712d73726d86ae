import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Seals secrets that must be read back (a company's OIDC client secret) with AES-256-GCM. The key
 * lives in app_secrets (secrets.ts), so a copy of one table alone, or of an API answer, yields no secret.
 */
export const createSealer = (base64urlKey: string) => {
  const key = Buffer.from(base64urlKey, 'base64url');
  if (key.length !== 32) throw new Error('A sealing key is 32 bytes');
  return {
    seal: (plain: string): string => {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), sealed].map((part) => part.toString('base64url')).join('.');
    },
    open: (sealed: string): string => {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a sealed secret');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
        'utf8',
      );
    },
  };
};

export type TSealer = ReturnType<typeof createSealer>;
