import fs from 'node:fs';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { AwsClient } from 'aws4fetch';
import type { TFileStoreConfig } from '../../config.ts';
import { AppError } from '../http/errors.ts';
import { assertFileStoreKey, createStaging, isFileStoreKey, type TStoredObject } from './file-staging.ts';
import type { TFileStore } from './file-store-contract.ts';

type TS3Config = Extract<TFileStoreConfig, { kind: 's3' }>;

/** What the client is told when the bucket cannot be reached; the log gets the cause. */
const unavailableMessage = 'File storage is not available right now. Try again in a moment.';

/** A failed S3 request: its message names the operation and status, never a credential or signature. */
export class S3StoreError extends Error {
  readonly status: number | undefined;
  readonly s3Code: string | undefined;
  constructor(message: string, details: { status?: number; s3Code?: string; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'S3StoreError';
    this.status = details.status;
    this.s3Code = details.s3Code;
  }
}

const unavailable = (cause: S3StoreError) => {
  const error = new AppError('UNAVAILABLE', unavailableMessage);
  (error as Error).cause = cause;
  return error;
};

/** Attempts per request: S3 answers 500/503 now and then ("SlowDown"); a retry usually succeeds. */
const attempts = 3;
const retryDelayMs = 100;
/**
 * Time for S3 to answer (a PUT's body is sent within it, at 256 KB/s at least); a hung endpoint
 * must not hold a request forever. A download's body is not timed: it may stream for longer.
 */
const answerTimeoutMs = (bodyBytes = 0) => 30_000 + Math.ceil(bodyBytes / 256);

const isRetryable = (status: number) => status >= 500 || status === 429;

/** An S3 answer as an error: status and the S3 code from its XML body (`<Code>AccessDenied</Code>`). */
const failure = async (method: string, key: string, response: Response) => {
  const text = await response.text().catch(() => '');
  const s3Code = text.match(/<Code>([\w.-]{1,100})<\/Code>/)?.[1];
  return new S3StoreError(`S3 ${method} ${key} answered ${response.status}${s3Code ? ` ${s3Code}` : ''}`, {
    status: response.status,
    s3Code,
  });
};

/**
 * Bytes in an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), signed with SigV4 by aws4fetch.
 * Uploads are staged on local disk like the local store's; commit PUTs the staged file (streamed,
 * with its length and SHA-256, so S3 checks the bytes it received) and removes the staging file.
 * Any failure to reach the bucket becomes a 503 UNAVAILABLE for the client.
 */
export const createS3FileStore = (config: TS3Config, stagingDir: string): TFileStore => {
  const { stage, discard, sweepStaging } = createStaging(stagingDir);
  const client = new AwsClient({
    accessKeyId: config.accessKeyId,
    secretAccessKey: config.secretAccessKey,
    service: 's3',
    region: config.region,
    // Retries are ours: a streamed body cannot be sent twice.
    retries: 0,
  });
  const endpoint = new URL(config.endpoint);
  const basePath = endpoint.pathname.replace(/\/+$/, '');

  const urlOf = (key: string) => {
    const url = new URL(endpoint);
    const encodedKey = assertFileStoreKey(key)
      .split('/')
      .map((part) => encodeURIComponent(part))
      .join('/');
    if (config.forcePathStyle) {
      url.pathname = `${basePath}/${encodeURIComponent(config.bucket)}/${encodedKey}`;
    } else {
      url.hostname = `${config.bucket}.${endpoint.hostname}`;
      url.pathname = `${basePath}/${encodedKey}`;
    }
    return url.toString();
  };

  /**
   * One signed request, retried on 5xx, 429 and network errors. `openBody` is called per attempt,
   * so a streamed body is read afresh, and the stream is closed whatever happens. Answers the
   * response when its status is below 500 (the caller decides what 404 means); otherwise throws a
   * 503 UNAVAILABLE whose cause (an S3StoreError) says what went wrong.
   */
  const send = async (
    method: 'PUT' | 'GET' | 'DELETE',
    key: string,
    options: { headers?: Record<string, string>; openBody?: () => Readable; bodyBytes?: number } = {},
  ): Promise<Response> => {
    const url = urlOf(key);
    let lastError: S3StoreError | undefined;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (attempt > 1) await new Promise((resolve) => setTimeout(resolve, retryDelayMs * 2 ** (attempt - 2)));
      const body = options.openBody?.();
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), answerTimeoutMs(options.bodyBytes));
      let response: Response;
      try {
        const request = await client.sign(url, {
          method,
          headers: options.headers ?? {},
          ...(body ? { body: Readable.toWeb(body) as ReadableStream<Uint8Array>, duplex: 'half' } : {}),
          signal: abort.signal,
        });
        response = await fetch(request);
      } catch (error) {
        const reason = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
        lastError = new S3StoreError(`S3 ${method} ${key} failed: ${reason} reaching ${endpoint.host}`, {
          cause: error,
        });
        continue;
      } finally {
        clearTimeout(timer);
        body?.destroy();
      }
      if (!isRetryable(response.status)) return response;
      lastError = await failure(method, key, response);
    }
    throw unavailable(lastError ?? new S3StoreError(`S3 ${method} ${key} failed`));
  };

  const bucketUrl = () => {
    const url = new URL(endpoint);
    if (config.forcePathStyle) {
      url.pathname = `${basePath}/${encodeURIComponent(config.bucket)}`;
    } else {
      url.hostname = `${config.bucket}.${endpoint.hostname}`;
      url.pathname = basePath || '/';
    }
    return url;
  };

  /**
   * The bucket's objects, 1000 a page (ListObjectsV2). Needs `s3:ListBucket` on the bucket; a key
   * without it gets an S3StoreError, and the sweep then leaves stored objects alone. No retries:
   * the next sweep is the retry.
   */
  async function* listStored(): AsyncGenerator<TStoredObject[]> {
    let continuationToken: string | undefined;
    do {
      const url = bucketUrl();
      url.searchParams.set('list-type', '2');
      url.searchParams.set('max-keys', '1000');
      if (continuationToken) url.searchParams.set('continuation-token', continuationToken);
      let response: Response;
      try {
        const request = await client.sign(url.toString(), {
          method: 'GET',
          signal: AbortSignal.timeout(answerTimeoutMs()),
        });
        response = await fetch(request);
      } catch (error) {
        const reason = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).name;
        throw new S3StoreError(`S3 LIST failed: ${reason} reaching ${endpoint.host}`, { cause: error });
      }
      if (!response.ok) throw await failure('LIST', config.bucket, response);
      const xml = await response.text();
      const page: TStoredObject[] = [];
      for (const [, entry = ''] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
        const key = entry.match(/<Key>([^<]*)<\/Key>/)?.[1] ?? '';
        const modifiedAt = new Date(entry.match(/<LastModified>([^<]*)<\/LastModified>/)?.[1] ?? '');
        // Objects the server did not name (put there by hand) are not ours to remove.
        if (isFileStoreKey(key) && !Number.isNaN(modifiedAt.getTime())) page.push({ key, modifiedAt });
      }
      if (page.length > 0) yield page;
      const isTruncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
      continuationToken = isTruncated
        ? xml.match(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/)?.[1]
        : undefined;
    } while (continuationToken);
  }

  return {
    stage,
    discard,
    sweepStaging,
    listStored,
    commit: async (staged, key) => {
      const response = await send('PUT', key, {
        headers: {
          'content-length': String(staged.size),
          'content-type': 'application/octet-stream',
          // The staged file's hash, signed: S3 refuses the PUT if the bytes it received differ.
          'x-amz-content-sha256': staged.sha256,
        },
        openBody: () => fs.createReadStream(staged.path),
        bodyBytes: staged.size,
      });
      if (!response.ok) throw unavailable(await failure('PUT', key, response));
      await response.body?.cancel();
      await discard(staged);
    },
    open: async (key) => {
      const response = await send('GET', key);
      if (response.status === 404) {
        const missing = await failure('GET', key, response);
        // A missing bucket is a misconfiguration, not a missing file.
        if (missing.s3Code === 'NoSuchBucket') throw unavailable(missing);
        return undefined;
      }
      if (!response.ok || !response.body) throw unavailable(await failure('GET', key, response));
      return Readable.fromWeb(response.body as WebReadableStream<Uint8Array>);
    },
    remove: async (key) => {
      const response = await send('DELETE', key);
      if (!response.ok && response.status !== 404) throw unavailable(await failure('DELETE', key, response));
      await response.body?.cancel();
    },
  };
};
