import type { $ZodConfig } from 'zod/v4/core';

// docs/security.md: the CSP has no 'unsafe-eval'. zod compiles object parsers with `new Function`
// unless jitless, and its probe for eval, run when a schema is built, is itself reported as a CSP
// violation. zod reads its config from this global and honours one set before it loads, so this
// module is main.tsx's first import and brings none of zod's code into the entry chunk: the schemas
// stay in the lazy form chunks.
const scope = globalThis as { __zod_globalConfig?: $ZodConfig };
scope.__zod_globalConfig = { ...scope.__zod_globalConfig, jitless: true };
