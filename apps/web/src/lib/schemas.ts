import { ZRegisterCompanyRequest } from '@cargodesk/shared';
import { config } from 'zod';

// The CSP (script-src 'self') forbids eval; zod's compiled fast path probes for it with
// `new Function`, which the browser reports as a violation. The plain path gives the same answers.
config({ jitless: true });

/** The shared schemas the web forms reuse, imported from here so the setting above comes first. */
export { ZRegisterCompanyRequest };
