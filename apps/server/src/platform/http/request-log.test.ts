import { describe, expect, it } from 'vitest';
import { requestLine } from './request-log.ts';

const answered = (method: string, statusCode: number, responseTime: number, isEventStream = false) =>
  requestLine({ method, url: '/contactserver/api/v1/contacts', statusCode, responseTime, isEventStream });

describe('requestLine', () => {
  it('keeps quick successful reads to debug and writes, client errors, slow requests and failures above', () => {
    expect(answered('GET', 200, 12).level).toBe('debug');
    expect(answered('POST', 201, 30)).toEqual({
      level: 'info',
      line: 'POST /contactserver/api/v1/contacts 201 30 ms',
    });
    expect(answered('GET', 404, 5).level).toBe('info');
    expect(answered('GET', 200, 1500)).toEqual({
      level: 'warn',
      line: 'GET /contactserver/api/v1/contacts 200 1500 ms (slow)',
    });
    expect(answered('GET', 503, 2).level).toBe('error');
  });

  it('says an event stream closed, after how long, instead of calling it a slow request', () => {
    expect(answered('GET', 200, 50_035, true)).toEqual({
      level: 'debug',
      line: 'GET /contactserver/api/v1/contacts event stream closed after 50 s',
    });
  });
});
