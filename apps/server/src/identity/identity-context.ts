import { createHash } from 'node:crypto';
import type { Config } from '../config.ts';
import type { Db, Queryable } from '../db/client.ts';
import type { TOutgoingMail } from '../mail/outbox.ts';
import type { TRateLimits } from '../platform/http/rate-limits.ts';
import type { TAccountChangeChecks } from './account-change-checks.ts';
import type { IdTokenVerifier } from './id-tokens.ts';
import type { TPasswordPolicy } from './password-policy.ts';
import type { TPasswords } from './passwords.ts';
import type { IdentityProject, TProjectName } from './projects.ts';
import type { TSignInChecks } from './sign-in-checks.ts';
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
  /** Hashes new passwords at the configured cost and checks any stored hash. */
  passwords: TPasswords;
  /** Queues a mail in the caller's transaction; `wakeMailer` after commit sends it without waiting for the poll. */
  sendMail: (mail: TOutgoingMail, db: Queryable) => Promise<unknown>;
  wakeMailer: () => void;
  signals: TIdentitySignals;
  /** Sign-in, sign-up and action-mail limits, counted in the database before the work. */
  limits: TRateLimits;
  /** Set by the iam service, which knows which companies require single sign-on. */
  passwordResetGate: { current: TPasswordResetGate | undefined };
  /** Rules the app adds to passwordless sign-in (sign-in-checks.ts). */
  signInChecks: TSignInChecks;
  /** Rules the app adds to changes an ID token makes to its own account (account-change-checks.ts). */
  accountChangeChecks: TAccountChangeChecks;
};

/**
 * Asked before a password-reset link is mailed to an account. `mail` answers a mail to send in its
 * place (it tells the holder to use single sign-on), `link` lets the reset link go.
 */
export type TPasswordResetGate = (account: {
  project: TProjectName;
  uid: string;
  email: string;
}) => Promise<{ kind: 'link' } | { kind: 'mail'; mail: TOutgoingMail }>;

/**
 * Security events on an identity account. The iam service records the ones made by a request in
 * the company's audit trail, and ends the linked user's app sessions when the account's password
 * changes (by its owner or through a reset link), or the account is deleted or disabled.
 */
export type TAccountEvent = {
  kind: 'sign-in-failed' | 'password-change' | 'password-reset' | 'account-deleted' | 'account-disabled';
  project: TProjectName;
  uid: string;
  /** Where the request came from; absent when the iam service itself acted (admin interface). */
  ip?: string | undefined;
  userAgent?: string | undefined;
};

/** The event of `kind` about the account `uid`, made by a request from `ip` with `userAgent`. */
export const requestedAccountEvent = (
  kind: TAccountEvent['kind'],
  uid: string,
  { project, ip, userAgent }: { project: { name: TProjectName }; ip: string; userAgent?: string | undefined },
): TAccountEvent => ({ kind, project: project.name, uid, ip, userAgent });

export type TAccountListener = (event: TAccountEvent) => Promise<void> | void;

/**
 * What the identity provider tells the rest of the app without knowing about companies. `emit` runs
 * after the change commits and waits for every listener, so the answer leaves only once the app
 * sessions of a changed account have ended; a listener that fails fails the request (after the
 * others ran), rather than the request claiming an end that did not happen.
 */
export type TIdentitySignals = {
  emit: (event: TAccountEvent) => Promise<void>;
  onAccountEvent: (listener: TAccountListener) => void;
};

export const createIdentitySignals = (onError: (error: unknown) => void): TIdentitySignals => {
  const listeners: TAccountListener[] = [];
  return {
    emit: async (event) => {
      const outcomes = await Promise.allSettled(listeners.map(async (listener) => listener(event)));
      const failures = outcomes.filter((outcome) => outcome.status === 'rejected');
      for (const failure of failures) onError(failure.reason);
      if (failures[0]) throw failures[0].reason;
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
