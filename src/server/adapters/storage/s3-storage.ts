import http from 'node:http';
import https from 'node:https';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { amzDate, sha256Hex, sign, uriEncode } from './sigv4';
import { contentTypeOf, fileUrl, isValidKey, isValidPrefix, keyOfFileUrl, type FileStorage, type ListedFile, type StoredFile } from './storage';

export interface S3Config {
  /** Base URL of the S3 API, e.g. https://s3.eu-west-2.amazonaws.com or http://127.0.0.1:9000 (MinIO). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /**
   * Public base URL of the bucket (a CDN or a public bucket URL). When set, image URLs point there;
   * when unset, files are read through the app's own /files/ route (a private bucket works).
   */
  publicUrl?: string;
  /** Per-request limit; storage that does not answer must not hold an upload open for ever. */
  timeoutMs?: number;
}

/** A failure of the storage service, with S3's own error code when it sent one. */
export class S3StorageError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: string | null,
  ) {
    super(message);
    this.name = 'S3StorageError';
  }
}

const EMPTY_HASH = sha256Hex('');

/**
 * S3-compatible object storage (AWS S3, MinIO, Cloudflare R2, ...), path-style addressing
 * (`<endpoint>/<bucket>/<key>`), each request signed with Signature V4.
 */
export class S3FileStorage implements FileStorage {
  private readonly endpoint: URL;
  private readonly publicUrl: string | undefined;

  constructor(private readonly config: S3Config) {
    this.endpoint = new URL(config.endpoint);
    this.publicUrl = config.publicUrl?.replace(/\/+$/, '');
  }

  private async request(method: 'GET' | 'PUT' | 'DELETE' | 'HEAD', key: string, body?: Buffer, contentType?: string): Promise<Response> {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    return this.send(method, `${this.bucketPath()}/${uriEncode(key, true)}`, null, `${method} ${key}`, body, contentType);
  }

  /** The bucket's path on the endpoint (path-style addressing), URI-encoded. */
  private bucketPath(): string {
    return `${this.endpoint.pathname.replace(/\/+$/, '')}/${uriEncode(this.config.bucket)}`;
  }

  /** One signed request; the query (listing) is signed and sent encoded the same way. */
  private async send(method: 'GET' | 'PUT' | 'DELETE' | 'HEAD', path: string, query: URLSearchParams | null, what: string, body?: Buffer, contentType?: string): Promise<Response> {
    const payloadHash = body ? sha256Hex(body) : EMPTY_HASH;
    const headers: Record<string, string> = {
      host: this.endpoint.host,
      'x-amz-date': amzDate(new Date()),
      'x-amz-content-sha256': payloadHash,
    };
    if (contentType) headers['content-type'] = contentType;
    const { authorization } = sign({ method, path, query: query ?? undefined, headers, payloadHash, region: this.config.region, accessKeyId: this.config.accessKeyId, secretAccessKey: this.config.secretAccessKey });
    const { host: _host, ...sent } = headers; // fetch sets Host itself, from the URL
    const search = query ? `?${[...query.entries()].map(([k, v]) => `${uriEncode(k)}=${uriEncode(v)}`).join('&')}` : '';
    try {
      return await fetch(new URL(`${path}${search}`, this.endpoint.origin), {
        method,
        headers: { ...sent, authorization },
        body: body ? new Uint8Array(body) : undefined,
        signal: AbortSignal.timeout(this.config.timeoutMs ?? 15_000),
      });
    } catch (err) {
      throw new S3StorageError(`File storage could not be reached (${what}): ${(err as Error).message}`, 0, null);
    }
  }

  /** Turns a refused request into an error naming S3's code and message (from its XML error body). */
  private async fail(res: Response, what: string): Promise<never> {
    // A HEAD answer has no body; text() then answers ''.
    const text = await res.text().catch(() => '');
    const code = /<Code>([^<]*)<\/Code>/.exec(text)?.[1] ?? null;
    const message = /<Message>([^<]*)<\/Message>/.exec(text)?.[1];
    throw new S3StorageError(`File storage refused ${what}: ${res.status}${code ? ` ${code}` : ''}${message ? ` (${message})` : ''}`, res.status, code);
  }

  async put(key: string, body: Buffer | string, contentType: string): Promise<string> {
    const res = await this.request('PUT', key, Buffer.isBuffer(body) ? body : Buffer.from(body), contentType);
    if (!res.ok) await this.fail(res, `storing ${key}`);
    await res.body?.cancel();
    return this.urlOf(key);
  }

  /**
   * One streamed PUT with an unsigned payload (S3's UNSIGNED-PAYLOAD: the headers are signed, the body
   * is not hashed, so it need not be read twice) and an exact Content-Length, which S3 requires. A
   * stream that errors aborts the request, and S3 stores nothing from an incomplete PUT.
   */
  async putStream(key: string, body: Readable, contentType: string, size?: number): Promise<{ url: string; size: number }> {
    if (!isValidKey(key)) throw new Error(`Invalid storage key: ${key}`);
    if (size === undefined || !Number.isSafeInteger(size) || size < 0) throw new Error('S3 storage needs the exact size of a streamed file');
    const path = `${this.bucketPath()}/${uriEncode(key, true)}`;
    const payloadHash = 'UNSIGNED-PAYLOAD';
    const headers: Record<string, string> = {
      host: this.endpoint.host,
      'x-amz-date': amzDate(new Date()),
      'x-amz-content-sha256': payloadHash,
      'content-type': contentType,
    };
    const { authorization } = sign({ method: 'PUT', path, headers, payloadHash, region: this.config.region, accessKeyId: this.config.accessKeyId, secretAccessKey: this.config.secretAccessKey });
    const transport = this.endpoint.protocol === 'https:' ? https : http;
    let sent = 0;
    body.on('data', (chunk: Buffer) => {
      sent += chunk.length;
    });
    const answer = new Promise<{ status: number; text: string }>((resolve, reject) => {
      const req = transport.request(
        new URL(path, this.endpoint.origin),
        { method: 'PUT', headers: { ...headers, authorization, 'content-length': String(size) }, timeout: this.config.timeoutMs ?? 15_000 },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.length < 64 && chunks.push(c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
          res.on('error', reject);
        },
      );
      req.on('timeout', () => req.destroy(new Error('timed out')));
      req.on('error', reject);
      pipeline(body, req).catch((err: unknown) => {
        req.destroy();
        reject(err as Error);
      });
    });
    let res: { status: number; text: string };
    try {
      res = await answer;
    } catch (err) {
      if (body.errored || body.destroyed) throw body.errored ?? err;
      throw new S3StorageError(`File storage could not be reached (PUT ${key}): ${(err as Error).message}`, 0, null);
    }
    if (res.status < 200 || res.status >= 300) {
      const code = /<Code>([^<]*)<\/Code>/.exec(res.text)?.[1] ?? null;
      const message = /<Message>([^<]*)<\/Message>/.exec(res.text)?.[1];
      throw new S3StorageError(`File storage refused storing ${key}: ${res.status}${code ? ` ${code}` : ''}${message ? ` (${message})` : ''}`, res.status, code);
    }
    return { url: this.urlOf(key), size: sent };
  }

  async get(key: string): Promise<StoredFile | null> {
    if (!isValidKey(key)) return null;
    const res = await this.request('GET', key);
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) await this.fail(res, `reading ${key}`);
    return { body: Buffer.from(await res.arrayBuffer()), contentType: res.headers.get('content-type') ?? contentTypeOf(key) };
  }

  async getStream(key: string): Promise<Readable | null> {
    if (!isValidKey(key)) return null;
    const res = await this.request('GET', key);
    if (res.status === 404) {
      await res.body?.cancel();
      return null;
    }
    if (!res.ok) await this.fail(res, `reading ${key}`);
    if (!res.body) return Readable.from([]);
    return Readable.fromWeb(res.body as WebReadableStream<Uint8Array>);
  }

  async exists(key: string): Promise<boolean> {
    if (!isValidKey(key)) return false;
    const res = await this.request('HEAD', key);
    if (res.status === 404) return false;
    if (!res.ok) await this.fail(res, `checking ${key}`);
    return true;
  }

  async delete(key: string): Promise<void> {
    const res = await this.request('DELETE', key);
    // S3 answers 204 for a delete whether or not the object was there; some compatibles answer 404.
    if (!res.ok && res.status !== 404) await this.fail(res, `deleting ${key}`);
    await res.body?.cancel();
  }

  /** ListObjectsV2, a page of up to 1,000 keys at a time, following its continuation token. */
  async *list(prefix: string): AsyncIterable<ListedFile> {
    if (!isValidPrefix(prefix)) throw new Error(`Invalid storage prefix: ${prefix}`);
    let token: string | null = null;
    for (let pages = 0; pages === 0 || token; pages++) {
      const page = await this.listPage(prefix, token);
      for (const file of page.files) if (isValidKey(file.key)) yield file;
      if (page.next === token) break; // a service repeating its token would list for ever
      token = page.next;
    }
  }

  private async listPage(prefix: string, token: string | null): Promise<{ files: ListedFile[]; next: string | null }> {
    const query = new URLSearchParams({ 'list-type': '2', 'max-keys': '1000', prefix });
    if (token) query.set('continuation-token', token);
    const res = await this.send('GET', this.bucketPath(), query, `listing ${prefix || 'the bucket'}`);
    if (!res.ok) await this.fail(res, `listing ${prefix || 'the bucket'}`);
    const xml = await res.text();
    const files: ListedFile[] = [];
    for (const [, item] of xml.matchAll(/<Contents>([\s\S]*?)<\/Contents>/g)) {
      const key = xmlText(/<Key>([^<]*)<\/Key>/.exec(item)?.[1]);
      const size = Number(/<Size>(\d+)<\/Size>/.exec(item)?.[1]);
      const lastModified = new Date(/<LastModified>([^<]*)<\/LastModified>/.exec(item)?.[1] ?? '');
      if (!key || !Number.isSafeInteger(size) || Number.isNaN(lastModified.getTime())) throw new S3StorageError(`File storage answered a listing this app cannot read (${prefix || 'the bucket'})`, res.status, null);
      files.push({ key, size, lastModified });
    }
    const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
    const next = truncated ? xmlText(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1]) || null : null;
    if (truncated && !next) throw new S3StorageError('File storage answered a truncated listing without a continuation token', res.status, null);
    return { files, next };
  }

  urlOf(key: string): string {
    return this.publicUrl ? `${this.publicUrl}/${key}` : fileUrl(key);
  }

  keyOf(url: string): string | null {
    if (this.publicUrl && url.startsWith(`${this.publicUrl}/`)) {
      const key = url.slice(this.publicUrl.length + 1);
      return isValidKey(key) ? key : null;
    }
    // Files stored before S3_PUBLIC_URL was set are still served by the app.
    return keyOfFileUrl(url);
  }
}


const XML_ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** Text inside an XML element, its entities (&amp; and the others) decoded. */
function xmlText(raw: string | undefined): string {
  return (raw ?? '').replace(/&(amp|lt|gt|quot|apos);/g, (_, name: string) => XML_ENTITIES[name]);
}
