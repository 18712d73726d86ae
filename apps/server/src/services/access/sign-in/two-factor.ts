import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import { renderSystemMail } from '../../../templating/system-mails.ts';

export const twoFactorRules = {
  codeLifetimeMs: 10 * 60 * 1000,
  maxAttempts: 5,
  resendIntervalMs: 30 * 1000,
  // With 5 tries per code this bounds guessing to 50 per hour.
  maxCodesPerHour: 10,
} as const;

export const twoFactorMessages = {
  wrongCode: 'The code is not correct',
  expiredCode: 'The code has expired; request a new one',
  tooManyAttempts: 'Too many wrong codes; request a new one',
  resendTooSoon: 'A code was sent moments ago; wait before asking for another',
  tooManyCodes: 'Too many codes were requested; try again later',
  notEnabled: 'Two-factor sign-in is not on for this company',
} as const;

export const generateCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** Keyed and bound to the code's row: a leaked table does not give away six digits by brute force. */
export const hashCode = ({ key, codeId, code }: { key: string; codeId: string; code: string }) =>
  createHmac('sha256', key).update(`${codeId}:${code}`).digest('hex');

export const isSameHash = (left: string, right: string) =>
  left.length === right.length && timingSafeEqual(Buffer.from(left), Buffer.from(right));

export const buildCodeMail = async ({
  email,
  code,
  companyId,
}: {
  email: string;
  code: string;
  companyId: string;
}) => ({ companyId, to: [email], ...(await renderSystemMail('sign-in-code', { code })) });
