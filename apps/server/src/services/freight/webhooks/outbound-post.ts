import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import {
  assertPublicHost,
  lookupPublicAddress,
  NonPublicAddressError,
} from '../../../platform/http/public-addresses.ts';

// One POST to an endpoint a company admin typed in. The same guard as single sign-on's requests
// (decision 025): the address checked is the one the socket connects to, looked up afresh each time
// (a fresh socket, no pool), so a name that later points inward (DNS rebinding) is refused at
// delivery, not only when it was saved. Bounded in time, following no redirect, reading at most a
// little of the answer: its status is what counts.

export type TOutboundPolicy = { allowPrivateAddresses: boolean; timeoutMs: number };

export type TPostOutcome =
  | { statusCode: number; error: null }
  | { statusCode: null; error: string }
  | { statusCode: number; error: string };

const answerBytesKept = 4096;

export const postJson = (
  url: string,
  body: string,
  headers: Record<string, string>,
  { allowPrivateAddresses, timeoutMs }: TOutboundPolicy,
): Promise<TPostOutcome> => {
  const target = new URL(url);
  return new Promise((resolve) => {
    const fail = (error: unknown) =>
      resolve({
        statusCode: null,
        error:
          error instanceof NonPublicAddressError
            ? `${target.hostname} is not a public address: refused`
            : error instanceof Error && error.name === 'TimeoutError'
              ? `No answer within ${timeoutMs / 1000} s`
              : `Could not reach ${target.host}: ${error instanceof Error ? error.message : String(error)}`,
      });
    try {
      if (!allowPrivateAddresses) assertPublicHost(target.hostname);
    } catch (error) {
      return fail(error);
    }
    const request = (target.protocol === 'https:' ? httpsRequest : httpRequest)(target, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'user-agent': 'Cargodesk-Webhooks/1',
        'content-length': String(Buffer.byteLength(body)),
        ...headers,
      },
      agent: false,
      signal: AbortSignal.timeout(timeoutMs),
      ...(allowPrivateAddresses ? {} : { lookup: lookupPublicAddress }),
    });
    request.on('error', fail);
    request.on('response', (response) => {
      let kept = 0;
      response.on('data', (chunk: Buffer) => {
        kept += chunk.length;
        // The answer's body is not ours to keep: stop reading a long one.
        if (kept > answerBytesKept) response.destroy();
      });
      const settle = () => {
        const statusCode = response.statusCode ?? 0;
        resolve(
          statusCode >= 200 && statusCode <= 299
            ? { statusCode, error: null }
            : { statusCode, error: `Answered ${statusCode}` },
        );
      };
      response.on('end', settle);
      response.on('close', settle);
      response.on('error', settle);
    });
    request.end(body);
  });
};
