import { test as base, expect } from '@playwright/test';

declare global {
  interface Window {
    cargodeskPolicyViolations?: string[];
  }
}

/**
 * Every test fails on a console error, an uncaught page error or a CSP violation, so a screen that
 * only works by breaking the policy (an inline script, a foreign host) cannot pass unnoticed.
 */
export const test = base.extend<{ pageProblems: string[] }>({
  pageProblems: [
    async ({ page }, use) => {
      const problems: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') {
          problems.push(`console: ${message.text()} (${message.location().url || 'no location'})`);
        }
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      // Init scripts run through the browser's debugging protocol, which the page's CSP does not govern.
      await page.addInitScript(() => {
        window.cargodeskPolicyViolations = [];
        document.addEventListener('securitypolicyviolation', (event) => {
          window.cargodeskPolicyViolations?.push(
            `CSP: ${event.violatedDirective} blocked ${event.blockedURI || 'inline code'}`,
          );
        });
      });

      await use(problems);

      const violations = page.isClosed()
        ? []
        : await page.evaluate(() => window.cargodeskPolicyViolations ?? []).catch(() => []);
      expect([...problems, ...violations]).toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
