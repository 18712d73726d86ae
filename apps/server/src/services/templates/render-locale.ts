import type { TAuthContext } from '../../platform/auth/auth-context.ts';
import type { TRenderLocale } from '../../templating/engine.ts';

/** How a language tag writes dates and numbers: English as in Britain, every other as its own. */
const localeOfLanguage = (language: string) => {
  if (language === 'en') return 'en-GB';
  try {
    return Intl.getCanonicalLocales(language)[0] ?? 'en-GB';
  } catch {
    return 'en-GB';
  }
};

/**
 * The way a template in `language` writes dates and amounts for the company: its currency and time
 * zone where its profile says, euros and UTC otherwise.
 */
export const localeOf = ({ company }: TAuthContext, language = 'en'): TRenderLocale => {
  const isZone = (zone: string | null) => {
    if (!zone) return false;
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      return true;
    } catch {
      return false;
    }
  };
  return {
    locale: localeOfLanguage(language),
    currency: company.currency && /^[A-Z]{3}$/.test(company.currency) ? company.currency : 'EUR',
    timeZone: isZone(company.timezone) ? (company.timezone as string) : 'UTC',
  };
};
