import { createHash } from 'node:crypto';
import { lt, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { rateLimits } from '../../db/schema/index.ts';

/**
 * Limits shared by every instance (docs/security.md, docs/decisions/005-shared-rate-limits.md). Each
 * `consume` counts the attempt with one atomic upsert in `rate_limits` and answers whether it is
 * still within the limit, so parallel requests, and requests to another instance, all see one
 * counter. Call it before the expensive or dangerous work (a password hash, a mail), never after.
 */
export type TLimitVerdict = { isAllowed: true } | { isAllowed: false; retryAfterSeconds: number };

export type TRateLimit = {
  consume: (subject: string) => Promise<TLimitVerdict>;
  /** Gives back one counted attempt (a sign-in that turned out right). */
  refund: (subject: string) => Promise<void>;
  /** Forgets every attempt counted for the subject in the current window. */
  reset: (subject: string) => Promise<void>;
};

type TLimitRule = { points: number; durationSeconds: number };

const minutes = 60;
const hours = 60 * minutes;

/** Every limit in one place; docs/security.md and the README describe them. */
export const buildRateLimitRules = (config: Pick<Config, 'rateLimits'>) =>
  ({
    // Sign-in attempts are counted before the hash; a right password resets the account's count.
    signInsPerAccount: { points: 10, durationSeconds: 15 * minutes },
    signInsPerIp: { points: 100, durationSeconds: 15 * minutes },
    signUpsPerIp: { points: config.rateLimits.signUpsPerHour, durationSeconds: hours },
    registrationsPerIp: { points: config.rateLimits.signUpsPerHour, durationSeconds: hours },
    actionMailsPerAddress: { points: 5, durationSeconds: hours },
    actionMailsPerIp: { points: 50, durationSeconds: hours },
    verifyMailCooldown: { points: 1, durationSeconds: minutes },
    invitesPerCompany: { points: config.rateLimits.invitesPerHour, durationSeconds: hours },
    // The invitation page's lookup is open to anyone with a link: a code is unguessable, and this
    // keeps a caller from trying many (a person opens their link a handful of times).
    invitationLookupsPerIp: { points: 60, durationSeconds: 15 * minutes },
    // A PDF costs a browser render: a company's people together make a few hundred an hour at most.
    pdfRendersPerCompany: { points: 300, durationSeconds: hours },
    // A contact file (previewed, tried or imported) is read whole, up to 50 MB: people fixing one
    // try it a few dozen times an hour; more is a loop or someone keeping the server busy.
    contactFileReadsPerCompany: { points: 60, durationSeconds: hours },
    // Work run on the tenant work pool (a template checked or rendered, a CSV read), counted before
    // it is queued: the editor checks a draft as its writer pauses, about one a second at most, and
    // a company's people together; a script calling in a loop stops here, not on the pool.
    tenantWorkPerUser: { points: 120, durationSeconds: minutes },
    tenantWorkPerCompany: { points: 600, durationSeconds: minutes },
    // A shipment's public tracking page and its stream, open to anyone with the link: a customer
    // opens it a few times a day, a page reconnects its stream now and then; many tries from one
    // address are someone guessing tokens.
    trackingLookupsPerIp: { points: 120, durationSeconds: 15 * minutes },
    // Single sign-on's DNS proof: an admin checks after publishing a record, a few times while it
    // spreads; a loop would only make our resolver ask someone's name servers over and over.
    ssoDomainChecksPerCompany: { points: 30, durationSeconds: hours },
    // An admin sending a user the password-reset mail: a user who lost the first mail gets another,
    // a mailbox is not flooded by a loop or a grudge.
    adminPasswordResetsPerUser: { points: 3, durationSeconds: hours },
    // Personal API tokens: a person sets up a few integrations at a time; a loop minting tokens
    // (a stolen session trying to leave credentials behind) stops here.
    apiTokenCreationsPerUser: { points: 20, durationSeconds: hours },
    // API tokens an address presents that name no token or carry a wrong secret: counted before
    // the lookup like sign-in attempts, and given back when the secret was right, so an
    // integration's own calls never add up; apart from sign-ins, so neither starves the other.
    apiTokenFailuresPerIp: { points: 100, durationSeconds: 15 * minutes },
    // A signed-in user confirming a fresh sign-in (decision 042): a few per password change.
    signInConfirmationsPerUser: { points: 20, durationSeconds: 15 * minutes },
    // Single sign-on starts are open to anyone and each stores a flow: an office signs in a few
    // hundred times in a quarter hour at most; apart from password sign-ins, so neither starves the other.
    ssoStartsPerIp: { points: 300, durationSeconds: 15 * minutes },
  }) satisfies Record<string, TLimitRule>;

export type TRateLimitName = keyof ReturnType<typeof buildRateLimitRules>;
export type TRateLimits = Record<TRateLimitName, TRateLimit>;

// Subjects are email addresses and client IPs: the table keeps only their hashes.
const hashSubject = (subject: string) => createHash('sha256').update(subject).digest('base64url');

const createRateLimit = (db: Db, name: string, rule: TLimitRule): TRateLimit => {
  const limiter = new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: name,
    points: rule.points,
    duration: rule.durationSeconds,
    // Expired rows are swept by registerRateLimits, whose timer stops when the app closes.
    clearExpiredByTimeout: false,
  });
  return {
    consume: async (subject) => {
      try {
        await limiter.consume(hashSubject(subject));
        return { isAllowed: true };
      } catch (error) {
        // The library rejects with the counter's state when over the limit, with an Error otherwise.
        if (!(error instanceof RateLimiterRes)) throw error;
        return { isAllowed: false, retryAfterSeconds: Math.max(1, Math.ceil(error.msBeforeNext / 1000)) };
      }
    },
    refund: async (subject) => {
      await limiter.reward(hashSubject(subject), 1);
    },
    reset: async (subject) => {
      await limiter.delete(hashSubject(subject));
    },
  };
};

export const createRateLimits = (db: Db, config: Pick<Config, 'rateLimits'>): TRateLimits => {
  const rules = buildRateLimitRules(config);
  return Object.fromEntries(
    Object.entries(rules).map(([name, rule]) => [name, createRateLimit(db, name, rule)]),
  ) as TRateLimits;
};

declare module 'fastify' {
  interface FastifyInstance {
    rateLimits: TRateLimits;
  }
}

const sweepIntervalMs = 5 * 60 * 1000;

/** Decorates `app.rateLimits` and deletes expired counters now and then (an expired one counts as zero). */
export const registerRateLimits = (app: FastifyInstance) => {
  const { db } = app.database;
  app.decorate('rateLimits', createRateLimits(db, app.config));
  const timer = setInterval(() => {
    db.delete(rateLimits)
      .where(lt(rateLimits.expire, sql`now()`))
      .catch((error: unknown) =>
        app.log.warn({ err: error }, 'rate limits: sweeping expired counters failed'),
      );
  }, sweepIntervalMs);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
};
