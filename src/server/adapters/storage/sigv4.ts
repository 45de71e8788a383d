import { createHash, createHmac } from 'node:crypto';

/**
 * AWS Signature Version 4 for S3-compatible storage (Authorization header form), written with
 * node:crypto so the platform needs no AWS SDK. Shared by the S3 provider (signing) and the local fake
 * S3 server (verifying); sigv4.test.ts checks it against AWS's published example.
 */
export interface SigningInput {
  method: string;
  /** The request path exactly as sent, already URI-encoded (S3 does not encode it twice). */
  path: string;
  /** Query parameters; empty for the object calls the provider makes. */
  query?: URLSearchParams;
  /** Header names in any case; every one given here is signed. Must include host and x-amz-date. */
  headers: Record<string, string>;
  /** Hex SHA-256 of the body (also sent as x-amz-content-sha256). */
  payloadHash: string;
  region: string;
  service?: string;
  accessKeyId: string;
  secretAccessKey: string;
}

export const ALGORITHM = 'AWS4-HMAC-SHA256';

export const sha256Hex = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - _ . ~ (and '/' in paths). */
export function uriEncode(value: string, keepSlash = false): string {
  let out = '';
  for (const byte of Buffer.from(value, 'utf8')) {
    const c = String.fromCharCode(byte);
    if (/[A-Za-z0-9\-_.~]/.test(c) || (keepSlash && c === '/')) out += c;
    else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

/** 20130524T000000Z */
export const amzDate = (date: Date) => date.toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');

function canonicalQuery(query: URLSearchParams | undefined): string {
  if (!query) return '';
  return [...query.entries()]
    .map(([k, v]) => [uriEncode(k), uriEncode(v)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`)
    .join('&');
}

/** The signature's parts; `authorization` is the header value to send. */
export function sign(input: SigningInput): { authorization: string; signature: string; signedHeaders: string; scope: string } {
  const headers = Object.entries(input.headers).map(([k, v]) => [k.toLowerCase(), v.trim().replace(/\s+/g, ' ')] as const);
  headers.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const date = headers.find(([k]) => k === 'x-amz-date')?.[1];
  if (!date || !/^\d{8}T\d{6}Z$/.test(date)) throw new Error('SigV4: an x-amz-date header (YYYYMMDDTHHMMSSZ) must be signed');
  const signedHeaders = headers.map(([k]) => k).join(';');
  const canonicalRequest = [
    input.method.toUpperCase(),
    input.path,
    canonicalQuery(input.query),
    headers.map(([k, v]) => `${k}:${v}\n`).join(''),
    signedHeaders,
    input.payloadHash,
  ].join('\n');
  const service = input.service ?? 's3';
  const day = date.slice(0, 8);
  const scope = `${day}/${input.region}/${service}/aws4_request`;
  const stringToSign = [ALGORITHM, date, scope, sha256Hex(canonicalRequest)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${input.secretAccessKey}`, day), input.region), service), 'aws4_request');
  const signature = createHmac('sha256', key).update(stringToSign).digest('hex');
  return {
    authorization: `${ALGORITHM} Credential=${input.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`,
    signature,
    signedHeaders,
    scope,
  };
}

/** Reads an Authorization header back into its parts (for the fake server); null when malformed. */
export function parseAuthorization(value: string | undefined): { accessKeyId: string; scope: string; signedHeaders: string[]; signature: string } | null {
  const m = /^AWS4-HMAC-SHA256 Credential=([^/,\s]+)\/([^,\s]+),\s*SignedHeaders=([a-z0-9;-]+),\s*Signature=([0-9a-f]{64})$/.exec(value ?? '');
  if (!m) return null;
  return { accessKeyId: m[1], scope: m[2], signedHeaders: m[3].split(';'), signature: m[4] };
}
