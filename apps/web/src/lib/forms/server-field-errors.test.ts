import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client.ts';
import { formNamePathOf, serverFieldErrorsOf } from './server-field-errors.ts';

describe('a refusal’s field errors', () => {
  it('reads the fields of a 400, with any hints they carry', () => {
    const error = new ApiError({
      code: 'VALIDATION_FAILED',
      message: 'Invalid body: containers.0.number …',
      status: 400,
      details: {
        fields: [
          { field: 'containers.0.number', message: 'does not check', params: { expectedDigit: 3 } },
          { nonsense: true },
        ],
      },
    });
    expect(serverFieldErrorsOf(error)).toEqual([
      { field: 'containers.0.number', message: 'does not check', params: { expectedDigit: 3 } },
    ]);
  });

  it('finds none in another failure', () => {
    expect(serverFieldErrorsOf(new Error('offline'))).toEqual([]);
    expect(serverFieldErrorsOf(new ApiError({ code: 'CONFLICT', message: 'taken', status: 409 }))).toEqual(
      [],
    );
  });

  it('names a nested field as a form does', () => {
    expect(formNamePathOf('lines.0.dimensions.1.lengthCm')).toEqual([
      'lines',
      0,
      'dimensions',
      1,
      'lengthCm',
    ]);
    expect(formNamePathOf('name')).toEqual(['name']);
  });
});
