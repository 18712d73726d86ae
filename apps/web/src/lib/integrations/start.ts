import type { TCompany, TCurrentUser } from '@cargodesk/shared';
import { identifyErrorReportingUser, startErrorReporting } from './error-reporting.ts';
import { loadMapsScript } from './maps.ts';
import { loadProductAnalytics } from './product-analytics.ts';
import { isProductionHost } from './script-loader.ts';
import { loadSupportChat } from './support-chat.ts';
import { loadWebAnalytics } from './web-analytics.ts';

// Each integration checks the host and its own configuration: on any other host than the
// production host, or unconfigured, it is a no-op (docs/product.md §1).

/** From the page's start, signed in or not: error reporting and web analytics. */
export const startPageIntegrations = () => {
  if (!isProductionHost()) return;
  startErrorReporting();
  loadWebAnalytics();
};

/**
 * docs/product.md §4 step 5, once the session and the reference lists are in: the maps script, the
 * product analytics agent and the support chat, and who the error reports are about.
 */
export const startSessionIntegrations = ({
  user,
  company,
  googleMapKey,
  pendoKey,
}: {
  user: TCurrentUser;
  company: TCompany;
  googleMapKey: string | undefined;
  pendoKey: string | undefined;
}) => {
  if (!isProductionHost()) return;
  const fullName = user.name || `${user.firstName} ${user.lastName}`.trim();
  void identifyErrorReportingUser({
    user: { id: user._id, email: user.emailId },
    company: { id: company._id, name: company.name },
  });
  loadMapsScript(googleMapKey);
  loadProductAnalytics(pendoKey, {
    visitor: { id: user._id, email: user.emailId, full_name: fullName },
    account: { id: company._id, name: company.name, plan: company.subscripedPlan.name },
  });
  loadSupportChat({ name: fullName, email: user.emailId, company: company.name });
};
