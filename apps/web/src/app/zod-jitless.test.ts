// As in main.tsx: the setting comes before zod is loaded, so this import must stay the first.
import './zod-jitless.ts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';

// docs/security.md: the CSP has no 'unsafe-eval'. Without jitless, zod probes for eval and compiles
// object parsers with `new Function`; the browser refuses both and reports each as a violation.

const originalFunction = globalThis.Function;

afterEach(() => {
  globalThis.Function = originalFunction;
});

describe('zod under the CSP', () => {
  it('reads jitless from the global config set before it loaded', () => {
    expect(z.config().jitless).toBe(true);
  });

  it('parses objects without building code from text', () => {
    const buildsCode = vi.fn();
    // Stands for the CSP: any use of the Function constructor is recorded.
    globalThis.Function = new Proxy(originalFunction, {
      construct: (target, args) => {
        buildsCode();
        return Reflect.construct(target, args);
      },
      apply: (target, self, args) => {
        buildsCode();
        return Reflect.apply(target, self, args);
      },
    });
    const port = z.object({ code: z.string().min(3), name: z.string(), latitude: z.number().nullable() });
    for (let round = 0; round < 3; round += 1) {
      expect(port.safeParse({ code: 'NLRTM', name: 'Rotterdam', latitude: 51.9 }).success).toBe(true);
    }
    expect(buildsCode).not.toHaveBeenCalled();
  });
});
