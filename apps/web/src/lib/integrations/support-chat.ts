import { getRuntimeConfig } from '@/config/runtime-config.ts';
import { injectScript, isProductionHost, onIntegrationRemoval } from './script-loader.ts';

type TCrispCommand = [string, string, unknown[]?];
type TCrispWindow = Window & {
  $crisp?: TCrispCommand[] | { push: (command: TCrispCommand) => void };
  CRISP_WEBSITE_ID?: string;
};

// Globals the Crisp loader sets besides the two we set, removed on logout.
const crispGlobals = [
  '$crisp',
  'CRISP_WEBSITE_ID',
  '$__CRISP_INSTANCE__',
  '$__CRISP_INCLUDED',
  'CRISP_READY_TRIGGER',
];

/**
 * docs/product.md §1: the support chat widget (Crisp), told the signed-in user's name, email and
 * company. Production host only. Commands pushed before the loader arrives wait in `$crisp`, as
 * Crisp documents.
 */
export const loadSupportChat = ({
  name,
  email,
  company,
}: {
  name: string;
  email: string;
  company: string;
}) => {
  const settings = getRuntimeConfig().integrations.chat;
  if (!settings || !isProductionHost()) return;
  const crispWindow = window as TCrispWindow;
  crispWindow.$crisp ??= [];
  crispWindow.CRISP_WEBSITE_ID = settings.websiteId;
  crispWindow.$crisp.push(['set', 'user:email', [email]]);
  crispWindow.$crisp.push(['set', 'user:nickname', [name]]);
  crispWindow.$crisp.push(['set', 'user:company', [company]]);
  onIntegrationRemoval('support-chat', () => {
    // The conversation belongs to this user: the next one on this browser starts afresh.
    crispWindow.$crisp?.push(['do', 'session:reset']);
    for (const element of document.querySelectorAll('.crisp-client')) element.remove();
    for (const name of crispGlobals) Reflect.deleteProperty(window, name);
  });
  void injectScript({ id: 'support-chat', src: 'https://client.crisp.chat/l.js' }).catch(() => undefined);
};
