import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { timingSafeEqual } from 'node:crypto';
import { amzDate, parseAuthorization, sha256Hex, sign } from './sigv4';

/**
 * A local stand-in for an S3-compatible service (DESIGN rule 7: the real provider is tested against a
 * fake HTTP server). It checks every request's Signature V4 the way S3 does, keeps objects in memory,
 * and answers errors in S3's XML shape. failNext() makes the next request fail, to test error paths;
 * given a method, only the next request with that method fails (background jobs also talk to the bucket,
 * so a test aiming at one call names it). Listing (ListObjectsV2) pages through the keys in order, a
 * few at a time when `listPageSize` says so, to test continuation tokens.
 */
export interface FakeS3Options {
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export interface FakeS3Object {
  body: Buffer;
  contentType: string;
}

export interface FakeS3 {
  url: string;
  objects: Map<string, FakeS3Object>;
  /** When each object was last written (its listing's LastModified); tests may age an object here. */
  modified: Map<string, Date>;
  /** Every request as received, with the status it got. */
  requests: { method: string; path: string; status: number }[];
  failNext(status: number, code: string, options?: { method?: 'GET' | 'PUT' | 'HEAD' | 'DELETE'; message?: string }): void;
  close(): Promise<void>;
}

const MAX_SKEW_MS = 15 * 60 * 1000;

const xmlError = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${message}</Message></Error>`;

const xmlEscape = (s: string) => s.replace(/[&<>"']/g, (c) => `&${{ '&': 'amp', '<': 'lt', '>': 'gt', '"': 'quot', "'": 'apos' }[c]};`);

/** A ListObjectsV2 answer: the keys after the continuation token (the last key of the page before). */
function listing(objects: Map<string, FakeS3Object>, modified: Map<string, Date>, query: URLSearchParams, pageSize: number): string {
  const prefix = query.get('prefix') ?? '';
  const after = query.get('continuation-token') ?? '';
  const max = Math.min(pageSize, Number(query.get('max-keys') ?? 1000));
  const keys = [...objects.keys()].filter((k) => k.startsWith(prefix) && k > after).sort();
  const page = keys.slice(0, max);
  const truncated = keys.length > page.length;
  const contents = page
    .map((k) => `<Contents><Key>${xmlEscape(k)}</Key><LastModified>${(modified.get(k) ?? new Date()).toISOString()}</LastModified><Size>${objects.get(k)!.body.length}</Size></Contents>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<ListBucketResult><Prefix>${xmlEscape(prefix)}</Prefix><KeyCount>${page.length}</KeyCount><IsTruncated>${truncated}</IsTruncated>${truncated ? `<NextContinuationToken>${xmlEscape(page.at(-1)!)}</NextContinuationToken>` : ''}${contents}</ListBucketResult>`;
}

export async function startFakeS3(options: FakeS3Options & { listPageSize?: number }): Promise<FakeS3> {
  const objects = new Map<string, FakeS3Object>();
  const modified = new Map<string, Date>();
  const requests: FakeS3['requests'] = [];
  let failure: { status: number; code: string; message: string; method?: string } | null = null;

  function authError(req: http.IncomingMessage, rawPath: string, query: URLSearchParams, body: Buffer): { status: number; code: string; message: string } | null {
    const auth = parseAuthorization(req.headers.authorization);
    if (!auth) return { status: 403, code: 'AccessDenied', message: 'Missing or malformed Authorization header.' };
    if (auth.accessKeyId !== options.accessKeyId) return { status: 403, code: 'InvalidAccessKeyId', message: 'The AWS Access Key Id you provided does not exist in our records.' };
    for (const required of ['host', 'x-amz-date', 'x-amz-content-sha256']) {
      if (!auth.signedHeaders.includes(required)) return { status: 403, code: 'AccessDenied', message: `The ${required} header must be signed.` };
    }
    const date = String(req.headers['x-amz-date'] ?? '');
    const when = Date.parse(date.replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
    if (!Number.isFinite(when) || Math.abs(Date.now() - when) > MAX_SKEW_MS) {
      return { status: 403, code: 'RequestTimeTooSkewed', message: 'The difference between the request time and the current time is too large.' };
    }
    if (auth.scope !== `${date.slice(0, 8)}/${options.region}/s3/aws4_request`) return { status: 403, code: 'SignatureDoesNotMatch', message: 'The credential scope is wrong.' };
    const payloadHash = String(req.headers['x-amz-content-sha256'] ?? '');
    // UNSIGNED-PAYLOAD: the headers are signed, the body is not hashed (streamed uploads), as S3 allows.
    if (payloadHash !== 'UNSIGNED-PAYLOAD' && payloadHash !== sha256Hex(body)) return { status: 400, code: 'XAmzContentSHA256Mismatch', message: "The provided 'x-amz-content-sha256' header does not match what was computed." };
    const headers: Record<string, string> = {};
    for (const name of auth.signedHeaders) {
      const value = req.headers[name];
      if (value === undefined) return { status: 403, code: 'SignatureDoesNotMatch', message: `Signed header ${name} is missing.` };
      headers[name] = Array.isArray(value) ? value.join(',') : value;
    }
    const expected = sign({ method: req.method ?? 'GET', path: rawPath, query, headers, payloadHash, region: options.region, accessKeyId: auth.accessKeyId, secretAccessKey: options.secretAccessKey });
    if (!timingSafeEqual(Buffer.from(expected.signature), Buffer.from(auth.signature))) {
      return { status: 403, code: 'SignatureDoesNotMatch', message: 'The request signature we calculated does not match the signature you provided.' };
    }
    return null;
  }

  function handle(req: http.IncomingMessage, body: Buffer): { status: number; headers?: Record<string, string>; body?: Buffer | string } {
    const [rawPath, rawQuery = ''] = (req.url ?? '/').split('?');
    const refused = authError(req, rawPath, new URLSearchParams(rawQuery), body);
    if (refused) return { status: refused.status, body: xmlError(refused.code, refused.message) };
    if (failure && (!failure.method || failure.method === req.method)) {
      const f = failure;
      failure = null;
      return { status: f.status, body: xmlError(f.code, f.message) };
    }
    const bucketOnly = /^\/([^/]+)\/?$/.exec(rawPath);
    if (bucketOnly && req.method === 'GET') {
      const query = new URLSearchParams(rawQuery);
      if (decodeURIComponent(bucketOnly[1]) !== options.bucket) return { status: 404, body: xmlError('NoSuchBucket', 'The specified bucket does not exist') };
      if (query.get('list-type') !== '2') return { status: 400, body: xmlError('InvalidArgument', 'Only ListObjectsV2 is supported here.') };
      return { status: 200, headers: { 'content-type': 'application/xml' }, body: listing(objects, modified, query, options.listPageSize ?? 1000) };
    }
    const m = /^\/([^/]+)\/(.+)$/.exec(rawPath);
    if (!m || decodeURIComponent(m[1]) !== options.bucket) return { status: 404, body: xmlError('NoSuchBucket', 'The specified bucket does not exist') };
    const key = decodeURIComponent(m[2]);
    switch (req.method) {
      case 'PUT':
        objects.set(key, { body, contentType: String(req.headers['content-type'] ?? 'binary/octet-stream') });
        modified.set(key, new Date());
        return { status: 200, headers: { etag: `"${sha256Hex(body).slice(0, 32)}"` } };
      case 'GET':
      case 'HEAD': {
        const object = objects.get(key);
        if (!object) return { status: 404, body: req.method === 'GET' ? xmlError('NoSuchKey', 'The specified key does not exist.') : undefined };
        return { status: 200, headers: { 'content-type': object.contentType, 'content-length': String(object.body.length) }, body: req.method === 'GET' ? object.body : undefined };
      }
      case 'DELETE':
        objects.delete(key);
        modified.delete(key);
        return { status: 204 };
      default:
        return { status: 405, body: xmlError('MethodNotAllowed', 'The specified method is not allowed against this resource.') };
    }
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = handle(req, Buffer.concat(chunks));
      requests.push({ method: req.method ?? '', path: req.url ?? '', status: answer.status });
      const headers = { 'x-amz-request-id': amzDate(new Date()), ...(typeof answer.body === 'string' ? { 'content-type': 'application/xml' } : {}), ...answer.headers };
      res.writeHead(answer.status, headers);
      res.end(req.method === 'HEAD' ? undefined : answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    objects,
    modified,
    requests,
    failNext(status, code, { method, message = 'We encountered an internal error. Please try again.' } = {}) {
      failure = { status, code, message, method };
    },
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}
