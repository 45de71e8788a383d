/**
 * wrk (Debian's `wrk`, a load generator in C) for the figures where autocannon, in JavaScript, is the
 * bottleneck: answers of 10-20 kB. Measured here with both on a bare node:http server sending the same
 * bytes (bareControl): autocannon's answers a second fall to about a sixth when the body grows from
 * 1.8 kB to 20 kB, wrk's to about three quarters; so a page-against-JSON ratio from autocannon measures
 * autocannon. Each request comes from its own address (X-Forwarded-For), as measure() sends them.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEMO_HOST, type Figure } from './server';

export const hasWrk = (): boolean => spawnSync('wrk', ['--version']).error === undefined;

const ROTATING_ADDRESS = `local n = 0
request = function()
  n = (n + 1) % 65536
  wrk.headers["x-forwarded-for"] = "198.18." .. math.floor(n / 256) .. "." .. (n % 256)
  return wrk.format(nil)
end
`;

/** One route for `seconds` after a 2 s warm-up, 10 connections on one wrk thread (the server has the other core). */
export async function measureWithWrk(port: number, name: string, urlPath: string, seconds: number, headers: Record<string, string> = {}, connections = 10): Promise<Figure> {
  const script = path.join(mkdtempSync(path.join(os.tmpdir(), 'bench-wrk-')), 'rotate.lua');
  writeFileSync(script, ROTATING_ADDRESS);
  const args = (s: number) => ['-t1', `-c${connections}`, `-d${s}s`, '--latency', '-s', script, '-H', `host: ${DEMO_HOST}`, ...Object.entries(headers).flatMap(([k, v]) => ['-H', `${k}: ${v}`]), `http://127.0.0.1:${port}${urlPath}`];
  await run(args(2));
  const figure = parse(await run(args(seconds)), name, urlPath);
  console.log(`${`${name} (wrk)`.padEnd(34)} ${String(figure.rps).padStart(6)} req/s   p50 ${figure.p50} ms   p99 ${figure.p99} ms   errors ${figure.errors}`);
  return figure;
}

function run(args: string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn('wrk', args);
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve(out) : reject(new Error(`wrk exited with ${code}: ${out}`))));
  });
}

/** wrk's report: requests a second, latency percentiles (--latency), bytes read, errors and non-2xx. */
export function parse(out: string, name: string, urlPath: string): Figure {
  const ms = (label: string) => {
    const found = new RegExp(`^\\s*${label}%\\s+([\\d.]+)(us|ms|s)\\b`, 'm').exec(out);
    if (!found) return NaN;
    const value = Number(found[1]);
    return Math.round((found[2] === 'us' ? value / 1000 : found[2] === 's' ? value * 1000 : value) * 10) / 10;
  };
  const requests = Number(/(\d+) requests in/.exec(out)?.[1] ?? 0);
  const read = /requests in [\d.]+\w+, ([\d.]+)(B|KB|MB|GB) read/.exec(out);
  const bytes = read ? Number(read[1]) * { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[read[2] as 'B'] : 0;
  const socketErrors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(out);
  const errors = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0) + (socketErrors ? socketErrors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0);
  return {
    name,
    path: urlPath,
    rps: Math.round(Number(/Requests\/sec:\s+([\d.]+)/.exec(out)?.[1] ?? 0)),
    p50: ms('50'),
    p99: ms('99'),
    errors,
    kbPerAnswer: requests ? Math.round(bytes / requests / 102.4) / 10 : 0,
  };
}

/**
 * The load generators' own ceiling: a bare node:http server (its own process) answering `small` and
 * `large` bytes, each measured with autocannon (`withAutocannon`) and wrk. Answers a second per size.
 */
export async function bareControl(small: number, large: number, seconds: number, withAutocannon: (port: number, urlPath: string) => Promise<number>): Promise<{ autocannon: [number, number]; wrk: [number, number] }> {
  const port = 3990;
  const code = `const http=require('node:http');const b={'/small':Buffer.alloc(${small},97),'/large':Buffer.alloc(${large},97)};http.createServer((q,s)=>{const x=b[q.url]||b['/small'];s.writeHead(200,{'content-type':'text/html','content-length':x.length});s.end(x)}).listen(${port},'127.0.0.1',()=>process.send('up'))`;
  const child = spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  await new Promise((resolve) => child.once('message', resolve));
  try {
    const a: [number, number] = [await withAutocannon(port, '/small'), await withAutocannon(port, '/large')];
    const w: [number, number] = [(await measureWithWrk(port, `bare ${small} B`, '/small', seconds)).rps, (await measureWithWrk(port, `bare ${large} B`, '/large', seconds)).rps];
    return { autocannon: a, wrk: w };
  } finally {
    child.kill();
  }
}
