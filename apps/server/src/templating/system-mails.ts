import { createTemplateEngine } from './engine.ts';

// The mails Cargodesk sends on its own account (verify an address, reset a password, an
// invitation, a sign-in code), written in the same template language as a company's templates and
// rendered by the same engine: values are escaped in HTML, a missing one is an error, not a gap.

type TSystemTemplate = { subject: string; text: string; html?: string };

const lines = (...parts: string[]) => parts.join('\n');

const systemTemplates = {
  'verify-email': {
    subject: 'Verify your email for Cargodesk',
    text: lines(
      'Hello,',
      '',
      'Please confirm that this is your email address by opening the link below.',
      '',
      '{{ link }}',
      '',
      'The link works once and expires in one hour.',
      '',
      'If you did not create a Cargodesk account, you can ignore this message.',
      '',
      'Cargodesk',
    ),
    html: lines(
      '<p>Hello,</p>',
      '<p>Please confirm that this is your email address by opening the link below.</p>',
      '<p><a href="{{ link }}">Verify email</a></p>',
      '<p>The link works once and expires in one hour.</p>',
      '<p>If you did not create a Cargodesk account, you can ignore this message.</p>',
      '<p>Cargodesk</p>',
    ),
  },
  'password-reset-sso': {
    subject: 'Sign in to Cargodesk with single sign-on',
    text: lines(
      'Hello,',
      '',
      'Someone asked to reset the password of your Cargodesk account. {{ companyName }} requires single sign-on, so your account signs in through your company’s identity provider and has no password to reset.',
      '',
      'Open the sign-in page below and choose “Use single sign-on”:',
      '',
      '{{ loginUrl }}',
      '',
      'Cargodesk',
    ),
    html: lines(
      '<p>Hello,</p>',
      '<p>Someone asked to reset the password of your Cargodesk account. {{ companyName }} requires single sign-on, so your account signs in through your company’s identity provider and has no password to reset.</p>',
      '<p>Open the sign-in page and choose “Use single sign-on”: <a href="{{ loginUrl }}">Sign in</a></p>',
      '<p>Cargodesk</p>',
    ),
  },
  'password-reset': {
    subject: 'Reset your Cargodesk password',
    text: lines(
      'Hello,',
      '',
      'Someone asked to reset the password of your Cargodesk account. Open the link below to choose a new one.',
      '',
      '{{ link }}',
      '',
      'The link works once and expires in one hour.',
      '',
      'If you did not ask for this, ignore this message: your password stays as it is.',
      '',
      'Cargodesk',
    ),
    html: lines(
      '<p>Hello,</p>',
      '<p>Someone asked to reset the password of your Cargodesk account. Open the link below to choose a new one.</p>',
      '<p><a href="{{ link }}">Reset password</a></p>',
      '<p>The link works once and expires in one hour.</p>',
      '<p>If you did not ask for this, ignore this message: your password stays as it is.</p>',
      '<p>Cargodesk</p>',
    ),
  },
  'email-sign-in': {
    subject: 'Sign in to Cargodesk',
    text: lines(
      'Hello,',
      '',
      'Someone asked for a link to sign in to Cargodesk with this email address. Open the link below to sign in.',
      '',
      '{{ link }}',
      '',
      'The link works once and expires in one hour.',
      '',
      'If you did not ask for this, ignore this message: nobody can sign in without the link.',
      '',
      'Cargodesk',
    ),
    html: lines(
      '<p>Hello,</p>',
      '<p>Someone asked for a link to sign in to Cargodesk with this email address. Open the link below to sign in.</p>',
      '<p><a href="{{ link }}">Sign in to Cargodesk</a></p>',
      '<p>The link works once and expires in one hour.</p>',
      '<p>If you did not ask for this, ignore this message: nobody can sign in without the link.</p>',
      '<p>Cargodesk</p>',
    ),
  },
  invitation: {
    // Names are free text: one line each, so the subject stays one header line.
    subject:
      '{{ inviterName | one_line }} invited you to {{ companyName | one_line }} on Cargodesk — set your password',
    text: lines(
      'Hello,',
      '',
      '{{ inviterName }} invited you to join {{ companyName }} on Cargodesk. Open the link below to set your password, then sign in with this email address.',
      '',
      '{{ link }}',
      '',
      'The link works once and expires in 7 days.',
      '',
      'If the link has expired, ask your admin to send the invitation again. If you did not expect this invitation, you can ignore this message.',
      '',
      'Cargodesk',
    ),
    html: lines(
      '<p>Hello,</p>',
      '<p>{{ inviterName }} invited you to join {{ companyName }} on Cargodesk. Open the link below to set your password, then sign in with this email address.</p>',
      '<p><a href="{{ link }}">Set your password</a></p>',
      '<p>The link works once and expires in 7 days.</p>',
      '<p>If the link has expired, ask your admin to send the invitation again. If you did not expect this invitation, you can ignore this message.</p>',
      '<p>Cargodesk</p>',
    ),
  },
  'sign-in-code': {
    subject: 'Your Cargodesk sign-in code: {{ code }}',
    text: lines(
      'Hello,',
      '',
      'Your Cargodesk sign-in code is {{ code }}',
      '',
      'Enter it on the sign-in page to finish signing in. It works once and expires in 10 minutes.',
      'If you did not try to sign in, change your password: someone else knows it.',
      '',
      'Cargodesk',
    ),
  },
  'company-suspended': {
    subject: 'Your company {{ companyName | one_line }} was suspended on Cargodesk',
    text: lines(
      'Hello,',
      '',
      'Cargodesk suspended your company {{ companyName }}. Until it is reactivated, nobody in it can sign in, and its scheduled work stops.',
      '',
      'The reason given:',
      '{{ reason }}',
      '',
      'Reply to your Cargodesk contact if you think this is a mistake.',
      '',
      'Cargodesk',
    ),
  },
  'company-reactivated': {
    subject: 'Your company {{ companyName | one_line }} is active again on Cargodesk',
    text: lines(
      'Hello,',
      '',
      'Cargodesk reactivated your company {{ companyName }}: its users can sign in again.',
      '',
      'The note given:',
      '{{ reason }}',
      '',
      'Cargodesk',
    ),
  },
} satisfies Record<string, TSystemTemplate>;

export type TSystemMail = keyof typeof systemTemplates;

/** What each system mail is given: the names its template uses. */
type TSystemMailData = {
  'verify-email': { link: string };
  'password-reset': { link: string };
  'password-reset-sso': { companyName: string; loginUrl: string };
  'email-sign-in': { link: string };
  invitation: { link: string; inviterName: string; companyName: string };
  'sign-in-code': { code: string };
  'company-suspended': { companyName: string; reason: string };
  'company-reactivated': { companyName: string; reason: string };
};

const engine = createTemplateEngine();
// System mails speak the product's own language; they format no dates or amounts.
const productLocale = { locale: 'en-GB', currency: 'EUR', timeZone: 'UTC' };

/** A system mail's subject and bodies, ready for the outbox. */
export const renderSystemMail = async <TName extends TSystemMail>(
  name: TName,
  data: TSystemMailData[TName],
): Promise<{ subject: string; text: string; html?: string }> => {
  const template: TSystemTemplate = systemTemplates[name];
  const [subject, text, html] = await Promise.all([
    engine.render(template.subject, data, productLocale, 'text'),
    engine.render(template.text, data, productLocale, 'text'),
    template.html === undefined ? undefined : engine.render(template.html, data, productLocale, 'html'),
  ]);
  return html === undefined ? { subject, text } : { subject, text, html };
};
