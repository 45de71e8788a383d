import http from 'node:http';
import https from 'node:https';
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import { isPublicAddress } from './address-guard';

/**
 * Fetches a file from an address a merchant typed (import pictures) without letting that address reach
 * the platform's own network (SSRF, decision 025): http(s) only, every resolved address checked, the
 * connection pinned to the checked address (no DNS rebinding between check and connect), redirects
 * followed by hand and checked hop by hop, and caps on time and size.
 */

export type RemoteFetchReason = 'bad_url' | 'private_address' | 'dns' | 'too_many_redirects' | 'http_status' | 'too_large' | 'timeout' | 'network';

/** A refusal or failure; `message` is short and readable by a merchant ("the server answered 404"). */
export class RemoteFetchError extends Error {
  constructor(
    readonly reason: RemoteFetchReason,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'RemoteFetchError';
  }
}

export interface ResolvedAddress {
  address: string;
  family: number;
}

/** Every address of a host name (dns.lookup with all: true); injectable for tests. */
export type ResolveAll = (hostname: string) => Promise<ResolvedAddress[]>;

export interface RemoteFetchOptions {
  /** Let private, loopback and link-local addresses through: tests and local development only. */
  allowPrivate?: boolean;
  /** The whole fetch, every redirect included (default 10 s). */
  timeoutMs?: number;
  /** Largest body accepted (default 10 MB). */
  maxBytes?: number;
  /** Redirects followed at most (default 3). */
  maxRedirects?: number;
  resolve?: ResolveAll;
  /** Replaces the public-address check (tests: treat the local test server as public). */
  addressAllowed?: (address: string) => boolean;
  /** Sent as Accept. */
  accept?: string;
}

export interface RemoteFile {
  bytes: Buffer;
  contentType: string;
  /** The address the file came from after redirects. */
  finalUrl: string;
}

export const DEFAULT_FETCH_TIMEOUT_MS = 10_000;
export const DEFAULT_FETCH_MAX_BYTES = 10 * 1024 * 1024;
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

const defaultResolve: ResolveAll = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** "10 MB", "512 KB", "300 bytes": the size cap as a merchant reads it. */
export function sizeLabel(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  if (Number.isInteger(mb)) return `${mb} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${bytes} bytes`;
}

export const timeLabel = (ms: number) => `${Math.round(ms / 100) / 10} s`;

export async function fetchRemoteFile(url: string, options: RemoteFetchOptions = {}): Promise<RemoteFile> {
  const timeoutMs = options.timeoutMs ?? DEFAULT_FETCH_TIMEOUT_MS;
  const maxBytes = options.maxBytes ?? DEFAULT_FETCH_MAX_BYTES;
  const maxRedirects = options.maxRedirects ?? 3;
  // One clock for the whole fetch, redirects and DNS included.
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const timedOut = () => new RemoteFetchError('timeout', `timed out after ${timeLabel(timeoutMs)}`);
  try {
    let current = parseTarget(url);
    for (let hop = 0; ; hop++) {
      const pinned = await checkedAddress(current, options, controller.signal).catch((e: unknown) => {
        throw controller.signal.aborted ? timedOut() : e;
      });
      const answer = await request(current, pinned, { maxBytes, accept: options.accept, signal: controller.signal }).catch((e: unknown) => {
        if (controller.signal.aborted && !(e instanceof RemoteFetchError && e.reason === 'too_large')) throw timedOut();
        throw e;
      });
      if (answer.kind === 'file') return { bytes: answer.bytes, contentType: answer.contentType, finalUrl: current.href };
      if (hop >= maxRedirects) throw new RemoteFetchError('too_many_redirects', `more than ${maxRedirects} redirects`);
      current = parseTarget(answer.location, current);
    }
  } finally {
    clearTimeout(timer);
  }
}

/**
 * http(s) only, with no user name or password in it; RemoteFetchError 'bad_url' otherwise. Exported so
 * a caller can refuse such an address before it counts or starts anything.
 */
export function parseTarget(raw: string, base?: URL): URL {
  let url: URL;
  try {
    url = new URL(raw, base);
  } catch {
    throw new RemoteFetchError('bad_url', 'not a web address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new RemoteFetchError('bad_url', 'only http and https addresses are fetched');
  if (url.username || url.password) throw new RemoteFetchError('bad_url', 'the address contains a user name or password');
  if (!url.hostname) throw new RemoteFetchError('bad_url', 'the address has no host name');
  return url;
}

/** Resolves the host once and checks every address; answers the one to connect to. */
async function checkedAddress(url: URL, options: RemoteFetchOptions, signal: AbortSignal): Promise<ResolvedAddress> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  const family = isIP(host);
  if (family) addresses = [{ address: host, family }];
  else {
    const resolving = (options.resolve ?? defaultResolve)(host);
    const aborted = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')), { once: true }));
    try {
      addresses = await Promise.race([resolving, aborted]);
    } catch (e) {
      if (signal.aborted) throw e;
      throw new RemoteFetchError('dns', 'the host name was not found');
    }
    if (!addresses.length) throw new RemoteFetchError('dns', 'the host name was not found');
  }
  // Every address, not just the first: a name answering one public and one private address is refused.
  const allowed = options.addressAllowed ?? isPublicAddress;
  if (!options.allowPrivate && !addresses.every((a) => allowed(a.address))) throw new RemoteFetchError('private_address', 'the address is private');
  return addresses[0];
}

type Answer = { kind: 'file'; bytes: Buffer; contentType: string } | { kind: 'redirect'; location: string };

function request(url: URL, pinned: ResolvedAddress, opts: { maxBytes: number; accept?: string; signal: AbortSignal }): Promise<Answer> {
  // The connection goes to the address checked above whatever DNS says now; Host and the TLS server
  // name stay the URL's host name (node sets both from the URL).
  const lookup: LookupFunction = (_hostname, options, callback) => {
    if (options.all) (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };
  const client = url.protocol === 'https:' ? https : http;
  return new Promise<Answer>((resolve, reject) => {
    const req = client.request(url, { method: 'GET', lookup, agent: false, signal: opts.signal, headers: { accept: opts.accept ?? '*/*', 'user-agent': 'shop-platform-import/1' } }, (res) => {
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status) && res.headers.location) {
        res.resume();
        resolve({ kind: 'redirect', location: res.headers.location });
        return;
      }
      if (status < 200 || status > 299) {
        res.resume();
        reject(new RemoteFetchError('http_status', `the server answered ${status}`, status));
        return;
      }
      const tooLarge = () => new RemoteFetchError('too_large', `larger than ${sizeLabel(opts.maxBytes)}`);
      const declared = Number(res.headers['content-length']);
      if (Number.isFinite(declared) && declared > opts.maxBytes) {
        req.destroy();
        reject(tooLarge());
        return;
      }
      // Counted as it streams too: a missing or false Content-Length does not get past the cap.
      const chunks: Buffer[] = [];
      let size = 0;
      res.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > opts.maxBytes) {
          reject(tooLarge());
          req.destroy();
          return;
        }
        chunks.push(chunk);
      });
      res.on('end', () => resolve({ kind: 'file', bytes: Buffer.concat(chunks), contentType: (res.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase() }));
      res.on('error', (e) => reject(networkError(e)));
      res.on('aborted', () => reject(new RemoteFetchError('network', 'the connection was cut')));
    });
    req.on('error', (e) => reject(networkError(e)));
    req.end();
  });
}

function networkError(e: unknown): RemoteFetchError {
  if (e instanceof RemoteFetchError) return e;
  const code = (e as { code?: string }).code;
  if (code === 'ECONNREFUSED') return new RemoteFetchError('network', 'the server refused the connection');
  if (code && (/^ERR_(TLS|SSL)/.test(code) || /CERT|VERIFY/.test(code))) return new RemoteFetchError('network', 'the secure connection failed');
  return new RemoteFetchError('network', 'the server could not be reached');
}
