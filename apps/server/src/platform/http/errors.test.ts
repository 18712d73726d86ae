import { ZContainerNumber } from '@cargodesk/shared';
import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerErrorHandling } from './errors.ts';

// A refused value's zod issue params reach the client beside its field, so a screen can offer the
// corrected candidate ("did you mean MSKU9070323?") without parsing the message.
describe('the error envelope of a refused body', () => {
  const start = async () => {
    const app = Fastify();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    app.post(
      '/check',
      {
        schema: {
          body: z.object({ containers: z.array(z.object({ number: ZContainerNumber })), count: z.number() }),
        },
      },
      async () => ({ ok: true }),
    );
    await app.ready();
    return app;
  };

  it("carries a custom issue's params into its field, and leaves zod's own issues as they were", async () => {
    const app = await start();
    const response = await app.inject({
      method: 'POST',
      url: '/check',
      payload: { containers: [{ number: 'MSKU9070323' }, { number: 'MSKU9070320' }], count: 'many' },
    });
    expect(response.statusCode).toBe(400);
    const { error } = response.json() as {
      error: { code: string; message: string; details: { fields: Record<string, unknown>[] } };
    };
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toContain('containers.1.number');
    const [container, count] = error.details.fields;
    expect(container).toMatchObject({
      field: 'containers.1.number',
      params: { problem: 'check-digit', expectedDigit: 3 },
    });
    expect((container?.params as { suggestions?: string[] } | undefined)?.suggestions).toContain(
      'MSKU9070323',
    );
    expect(count).toEqual({ field: 'count', message: expect.any(String) });
    await app.close();
  });
});
