import { spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { serverNodeArgs } from '../../scripts/server-heap';

// Real server processes (the built dist/server/main.js, as `npm start` runs it) and Caddy with
// deploy/Caddyfile, for the deployment tests (decision 057). The e2e global setup builds what is stale
// before any test file runs.

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const BUILT_MAIN = path.join(ROOT, 'dist/server/main.js');
export const CADDY = '/usr/bin/caddy';
export const CADDYFILE = path.join(ROOT, 'deploy/Caddyfile');
export const hasCaddy = existsSync(CADDY);

/** A port nothing listens on now (the kernel's choice, let go at once). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Keeps the last bytes of a process's output, for a failure's message. */
function tail(child: ChildProcess): () => string {
  let out = '';
  const keep = (chunk: Buffer) => {
    out = (out + chunk.toString('utf8')).slice(-8000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return () => out;
}

/** One server instance: a process of the built server on its own port. */
export class Instance {
  readonly exited: Promise<number | null>;
  readonly output: () => string;

  private constructor(
    readonly port: number,
    private readonly child: ChildProcess,
  ) {
    this.output = tail(child);
    this.exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  }

  /** Starts `main` (default: this checkout's build) with env on port. */
  static start(port: number, env: Record<string, string>, main = BUILT_MAIN): Instance {
    const child = spawn(process.execPath, [...serverNodeArgs(), '--enable-source-maps', main], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env, PORT: String(port), HOST: '127.0.0.1' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return new Instance(port, child);
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Waits until /readyz answers 200; fails if the process exits first or `ms` passes. */
  async ready(ms = 90_000): Promise<void> {
    const until = Date.now() + ms;
    let exitCode: number | null | undefined;
    void this.exited.then((code) => (exitCode = code));
    while (Date.now() < until) {
      if (exitCode !== undefined) throw new Error(`instance on ${this.port} exited with ${exitCode} before it was ready:\n${this.output()}`);
      try {
        if ((await fetch(`${this.url}/readyz`)).status === 200) return;
      } catch {
        // not listening yet
      }
      await pause(100);
    }
    throw new Error(`instance on ${this.port} not ready after ${ms} ms:\n${this.output()}`);
  }

  /** SIGTERM, then its exit code (SIGKILL and null if it has not exited after `ms`). */
  async stop(ms = 30_000): Promise<number | null> {
    if (this.child.exitCode !== null) return this.child.exitCode;
    this.child.kill('SIGTERM');
    const timer = setTimeout(() => this.child.kill('SIGKILL'), ms);
    const code = await this.exited;
    clearTimeout(timer);
    return code;
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill('SIGKILL');
  }
}

export interface CaddyOptions {
  upstreams: number[];
  /** The instance Caddy's on-demand TLS asks. */
  askPort: number;
  httpPort: number;
  httpsPort: number;
}

interface CaddyLogLine {
  msg?: string;
  host?: string;
}

/** Caddy run with deploy/Caddyfile, its internal CA issuing, admin off, storage in a folder of its own. */
export class Caddy {
  readonly lines: CaddyLogLine[] = [];
  private readonly dataHome: string;
  private readonly child: ChildProcess;
  private readonly exited: Promise<number | null>;
  readonly output: () => string;

  constructor(readonly options: CaddyOptions) {
    this.dataHome = mkdtempSync(path.join(os.tmpdir(), 'shop-caddy-'));
    this.child = spawn(CADDY, ['run', '--config', CADDYFILE, '--adapter', 'caddyfile'], {
      env: {
        PATH: process.env.PATH ?? '',
        HOME: this.dataHome,
        XDG_DATA_HOME: path.join(this.dataHome, 'data'),
        XDG_CONFIG_HOME: path.join(this.dataHome, 'config'),
        CADDY_ADMIN: 'off',
        CADDY_HTTP_PORT: String(options.httpPort),
        CADDY_HTTPS_PORT: String(options.httpsPort),
        SHOP_TLS_ISSUER: 'internal',
        SHOP_UPSTREAMS: options.upstreams.map((p) => `127.0.0.1:${p}`).join(' '),
        SHOP_TLS_ASK: `http://127.0.0.1:${options.askPort}/internal/tls/allow`,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.output = tail(this.child);
    this.exited = new Promise((resolve) => this.child.once('exit', (code) => resolve(code)));
    let partial = '';
    this.child.stderr?.on('data', (chunk: Buffer) => {
      const text = partial + chunk.toString('utf8');
      const lines = text.split('\n');
      partial = lines.pop() ?? '';
      for (const line of lines) {
        try {
          this.lines.push(JSON.parse(line) as CaddyLogLine);
        } catch {
          // not a log line
        }
      }
    });
  }

  /** Waits until Caddy accepts TLS connections and its CA's root certificate is written. */
  async started(ms = 20_000): Promise<void> {
    const until = Date.now() + ms;
    while (Date.now() < until) {
      if (this.child.exitCode !== null) throw new Error(`caddy exited with ${this.child.exitCode}:\n${this.output()}`);
      if (existsSync(this.rootPath) && (await canConnect(this.options.httpsPort))) return;
      await pause(100);
    }
    throw new Error(`caddy not started after ${ms} ms:\n${this.output()}`);
  }

  private get rootPath(): string {
    return path.join(this.dataHome, 'data/caddy/pki/authorities/local/root.crt');
  }

  /** The root certificate of Caddy's internal CA (PEM), to trust its certificates and no others. */
  rootCertificate(): string {
    return readFileSync(this.rootPath, 'utf8');
  }

  /** How many log lines so far: a mark to wait for something logged after it. */
  mark(): number {
    return this.lines.length;
  }

  /** Waits until Caddy's active health check, after `mark`, found the instance on port healthy again. */
  async sawUp(port: number, mark: number, ms = 30_000): Promise<void> {
    const until = Date.now() + ms;
    const host = `127.0.0.1:${port}`;
    while (Date.now() < until) {
      if (this.lines.slice(mark).some((l) => l.msg === 'host is up' && l.host === host)) return;
      await pause(50);
    }
    throw new Error(`caddy did not see ${host} up within ${ms} ms:\n${this.output()}`);
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null) this.child.kill('SIGTERM');
    await this.exited;
    rmSync(this.dataHome, { recursive: true, force: true });
  }
}

function canConnect(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** One HTTPS request to Caddy for `host` (SNI and Host header), trusting only Caddy's own CA. */
export function httpsRequest(
  caddyPort: number,
  host: string,
  ca: string,
  request: { method?: string; path: string; headers?: Record<string, string>; body?: string; agent?: https.Agent; timeoutMs?: number },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = https.request(
      {
        host: '127.0.0.1',
        port: caddyPort,
        servername: host,
        ca,
        method: request.method ?? 'GET',
        path: request.path,
        headers: { host, ...request.headers },
        agent: request.agent,
        timeout: request.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer within ${request.timeoutMs ?? 30_000} ms`)));
    req.on('error', reject);
    req.end(request.body);
  });
}

/**
 * A second build of the app beside this one, as a deploy brings: the server bundle copied with one
 * more migration appended to its journal (`sql`, tagged `tag`), sharing the web build. It lives under
 * dist/ so its packages resolve from this checkout's node_modules; the real migration list is untouched.
 */
export function nextBuildWithMigration(tag: string, sql: string): { main: string; remove(): void } {
  const root = mkdtempSync(path.join(ROOT, 'dist/next-build-'));
  const server = path.join(root, 'dist/server');
  mkdirSync(path.dirname(server), { recursive: true });
  cpSync(path.join(ROOT, 'dist/server'), server, { recursive: true });
  for (const part of ['web', 'ssr']) symlinkSync(path.join(ROOT, 'dist', part), path.join(root, 'dist', part));
  const journalPath = path.join(server, 'migrations/meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: { idx: number; when: number; tag: string; version: string; breakpoints: boolean }[] };
  const last = journal.entries.at(-1)!;
  journal.entries.push({ idx: last.idx + 1, version: last.version, when: last.when + 1, tag, breakpoints: true });
  writeFileSync(journalPath, JSON.stringify(journal, null, 2));
  writeFileSync(path.join(server, `migrations/${tag}.sql`), sql);
  return { main: path.join(server, 'main.js'), remove: () => rmSync(root, { recursive: true, force: true }) };
}

/** The migrations this checkout's build carries. */
export function builtMigrationCount(): number {
  return (JSON.parse(readFileSync(path.join(ROOT, 'dist/server/migrations/meta/_journal.json'), 'utf8')) as { entries: unknown[] }).entries.length;
}
