import { createHash } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/client.ts';
import type { TOutgoingMail } from '../mail/outbox.ts';
import type { TRateLimits } from '../platform/rate-limits.ts';
import type { IdTokenVerifier } from './id-tokens.ts';
import type { TPasswordPolicy } from './password-policy.ts';
import type { IdentityProject, TProjectName } from './projects.ts';
import type { SigningKey } from './signing-keys.ts';

/** What every identity operation needs, built once when the plugin starts. */
export type IdentityContext = {
  db: Db;
  config: Config;
  projects: IdentityProject[];
  signingKey: SigningKey;
  verifyToken: IdTokenVerifier;
  jwks: { keys: Record<string, unknown>[] };
  policy: TPasswordPolicy;
  /** Queues a mail in the caller's transaction; `wakeMailer` after commit sends it without waiting for the poll. */
  sendMail: (mail: TOutgoingMail, db: Queryable) => Promise<unknown>;
  wakeMailer: () => void;
  signals: TIdentitySignals;
  /** Sign-in, sign-up and action-mail limits, counted in the database before the work. */
  limits: TRateLimits;
};

/**
 * Security events on an identity account that the iam service records in the company's audit
 * trail: a wrong password, and a password changed by its owner or through a reset link.
 */
export type TAccountEvent = {
  kind: 'sign-in-failed' | 'password-change';
  project: TProjectName;
  uid: string;
  ip: string;
  userAgent?: string | undefined;
};

/**
 * What the identity provider tells the rest of the app without knowing about companies. Listeners
 * run after the response is decided and must not throw.
 */
export type TIdentitySignals = {
  emit: (event: TAccountEvent) => void;
  onAccountEvent: (listener: (event: TAccountEvent) => void) => void;
};

export const createIdentitySignals = (onError: (error: unknown) => void): TIdentitySignals => {
  const listeners: ((event: TAccountEvent) => void)[] = [];
  return {
    emit: (event) => {
      for (const listener of listeners) {
        try {
          listener(event);
        } catch (error) {
          onError(error);
        }
      }
    },
    onAccountEvent: (listener) => {
      listeners.push(listener);
    },
  };
};

/** Refresh tokens and action codes are stored only as hashes: a database leak yields no session. */
export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('base64url');

const emailPattern = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const normaliseEmail = (email: string) => email.trim().toLowerCase();
export const isValidEmail = (email: string) => email.length <= 254 && emailPattern.test(email);

export const nowInSeconds = () => Math.floor(Date.now() / 1000);
