import type { IdentityProject } from './projects.ts';

/**
 * v2/recaptchaConfig: no reCAPTCHA is enforced for any provider. Limits counted on the server stand
 * in for it (docs/security.md), and we verify no reCAPTCHA tokens, so claiming enforcement would
 * only make the SDK send tokens nobody checks (docs/decisions/023). The SDK's RecaptchaConfig
 * refuses an answer without `recaptchaKey` and reads the site key from its fourth segment; with
 * every provider OFF it never loads that key.
 */
export const recaptchaConfigFor = (project: IdentityProject) => ({
  recaptchaKey: `projects/${project.projectId}/keys/not-configured`,
  recaptchaEnforcementState: [
    { provider: 'EMAIL_PASSWORD_PROVIDER', enforcementState: 'OFF' },
    { provider: 'PHONE_PROVIDER', enforcementState: 'OFF' },
  ],
  useSmsBotScore: false,
  useSmsTollFraudProtection: false,
});
