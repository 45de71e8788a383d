/**
 * Pictures benchmark (issue 29 item 3, decision 052). Two figures:
 *  1. resizing: one generated 4000 x 3000 photo-like JPEG read and made into every copy (five widths,
 *     AVIF and WebP) as the job does it (resizePicture: a child process per picture). Target < 2 s.
 *  2. the server's memory while 100 such photos are uploaded through the admin API and their copies
 *     made by its background job: its resident set sampled every 250 ms, and the kernel's peak
 *     (VmHWM) at the end. Target < 300 MB. The resizing child's own peak is sampled too.
 * `npx tsx bench/pictures.ts` (`npm run bench:pictures`) runs on PGlite; with DATABASE_URL on
 * PostgreSQL (in a fresh `<db>_bench_pictures`, dropped afterwards). Needs the built server
 * (`npm run build`). Prints figures and writes them to bench/RESULTS.md.
 */
import http from 'node:http';
import os from 'node:os';
import { readdirSync, readFileSync } from 'node:fs';
import sharp from 'sharp';
import { resizePicture } from '../src/server/modules/media/pictures/resize';
import { variantName } from '../src/shared/pictures';
import { DEMO_HOST, dropBenchDatabase, machine, prepareDatabase, request, startServer, stopServer, writeResults } from './server';

const PORT = Number(process.env.BENCH_PORT ?? 3911);
const PICTURES = Number(process.env.BENCH_PICTURES ?? 100);
const WIDTH = 4000;
const HEIGHT = 3000;

/** A photo-like picture: smooth gradients with grain, so encoders work as hard as on a real photo. */
async function photo(seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(WIDTH * HEIGHT * 3);
  let s = seed * 2654435761 + 1;
  for (let p = 0, i = 0; p < WIDTH * HEIGHT; p++, i += 3) {
    const x = p % WIDTH;
    const y = (p / WIDTH) | 0;
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    const grain = (s >> 16) & 15;
    raw[i] = ((x * 255) / WIDTH + grain + seed * 17) & 255;
    raw[i + 1] = ((y * 255) / HEIGHT + grain) & 255;
    raw[i + 2] = (((x + y) >> 4) + grain) & 255;
  }
  return sharp(raw, { raw: { width: WIDTH, height: HEIGHT, channels: 3 } }).jpeg({ quality: 85 }).toBuffer();
}

// 1. Resizing one photo, three times (the first pays for loading libvips' codecs).
const original = await photo(1);
const runs: number[] = [];
let copyBytes = 0;
for (let run = 0; run < 3; run++) {
  const started = performance.now();
  copyBytes = 0;
  await resizePicture(original, async (copy) => {
    copyBytes += copy.body.length;
  });
  runs.push((performance.now() - started) / 1000);
}
const resizeLine = `| ${WIDTH} x ${HEIGHT} JPEG (${(original.length / 1e6).toFixed(1)} MB) into 5 widths x AVIF + WebP | ${runs.map((r) => r.toFixed(2)).join(' / ')} | ${(copyBytes / 1e6).toFixed(2)} MB |`;
console.log(`resize: ${runs.map((r) => r.toFixed(2)).join(' / ')} s, copies ${(copyBytes / 1e6).toFixed(2)} MB`);

// 2. The server's memory during 100 uploads and their copies.
const photos: Buffer[] = [];
for (let i = 0; i < 4; i++) photos.push(await photo(i + 2));
const { env, kind } = await prepareDatabase('bench_pictures', PORT, async () => {});
const server = await startServer(PORT, { ...env, SEED_DEMO: 'true', DEMO_PASSWORD: 'bench-password' });
const rssOf = (field: 'VmRSS' | 'VmHWM') => {
  const status = readFileSync(`/proc/${server.pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)![1]) / 1024);
};
/** The resident set of the server's children (the resizing process while one runs), MB. */
const childrenRss = () => {
  let kb = 0;
  for (const task of readdirSync(`/proc/${server.pid}/task`)) {
    for (const pid of readFileSync(`/proc/${server.pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean)) {
      const status = readFileSync(`/proc/${pid}/status`, 'utf8');
      kb += Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    }
  }
  return Math.round(kb / 1024);
};
let peakSampled = 0;
let peakChild = 0;
const samples: number[] = [];
const sampler = setInterval(() => {
  try {
    const rss = rssOf('VmRSS');
    samples.push(rss);
    peakSampled = Math.max(peakSampled, rss);
    peakChild = Math.max(peakChild, childrenRss());
  } catch {
    // a child ended while it was read
  }
}, 250);
let memoryLine = '';
let loadBefore = 0;
try {
  const rssAtStart = rssOf('VmRSS');
  const signIn = await request(PORT, 'POST', '/api/auth/sign-in', { body: { email: 'admin@demo.test', password: 'bench-password' } });
  if (signIn.status !== 200) throw new Error(`sign-in answered ${signIn.status}`);
  const cookie = signIn.setCookie.find((c) => c.startsWith('sid='))!.split(';')[0];
  const upload = (body: Buffer) =>
    new Promise<{ key: string; url: string }>((resolve, reject) => {
      const req = http.request({ host: '127.0.0.1', port: PORT, method: 'POST', path: '/api/admin/media?filename=photo.jpg', headers: { host: DEMO_HOST, cookie, 'content-type': 'image/jpeg', 'content-length': body.length } }, (res) => {
        let text = '';
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () => (res.statusCode === 201 ? resolve(JSON.parse(text).file) : reject(new Error(`upload answered ${res.statusCode}: ${text}`))));
      });
      req.on('error', reject);
      req.end(body);
    });
  loadBefore = os.loadavg()[0];
  const started = performance.now();
  let last = { key: '', url: '' };
  for (let i = 0; i < PICTURES; i++) last = await upload(photos[i % photos.length]);
  const uploadedAfter = (performance.now() - started) / 1000;
  // Jobs run oldest first, one at a time per instance: the last picture's last copy is the end.
  const lastCopy = variantName(last.url, 1600, 'webp');
  const statusOf = (urlPath: string) =>
    new Promise<number>((resolve) => {
      const req = http.request({ host: '127.0.0.1', port: PORT, method: 'GET', path: urlPath, headers: { host: DEMO_HOST } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on('error', () => resolve(0));
      req.end();
    });
  for (;;) {
    if ((await statusOf(lastCopy)) === 200) break;
    if (performance.now() - started > 30 * 60_000) throw new Error('the copies were not made within 30 minutes');
    await new Promise((r) => setTimeout(r, 500));
  }
  const seconds = (performance.now() - started) / 1000;
  const median = [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)];
  const hwm = rssOf('VmHWM');
  memoryLine = `| ${PICTURES} uploads of ${WIDTH} x ${HEIGHT} JPEGs, copies made by the job | ${uploadedAfter.toFixed(1)} | ${seconds.toFixed(1)} | ${(seconds / PICTURES).toFixed(2)} | ${rssAtStart} | ${median} | ${peakSampled} | ${hwm} | ${peakChild} |`;
  console.log(`memory: uploads ${uploadedAfter.toFixed(1)} s, all copies ${seconds.toFixed(1)} s; RSS start ${rssAtStart} MB, median ${median} MB, peak sampled ${peakSampled} MB, peak (VmHWM) ${hwm} MB; resizing child peak ${peakChild} MB`);
} finally {
  clearInterval(sampler);
  await stopServer(server);
}
if (env.DATABASE_URL) await dropBenchDatabase(env);
const load = `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after`;
console.log(load);
const date = new Date().toISOString().slice(0, 10);
writeResults(
  `## Pictures, ${kind},`,
  `## Pictures, ${kind}, ${date}

Written by \`bench/pictures.ts\` (\`npm run bench:pictures\`); ${machine()}. Machine load: ${load}. Copies are made with sharp in a child process per picture (resize-worker.mjs: one libvips thread, no cache, MALLOC_ARENA_MAX=2; WebP quality 78 effort 4, AVIF quality 50 effort 1; decision 052).

- **resize**: a generated photo-like JPEG read (size, orientation) and made into every copy (320, 640, 960, 1280 and 1600 px wide, each AVIF and WebP), as the job makes them (resizePicture: the child process started, the copies handed back); three runs. Target: < 2 s.

| picture | seconds per run | copies |
|---|---|---|
${resizeLine}

- **server memory**: the built server (demo data) takes ${PICTURES} uploads through \`POST /api/admin/media\` one after another while its background job makes their copies, until the last copy is served; the server's resident set sampled every 250 ms, and the kernel's peak (VmHWM, start-up included); the resizing child's (one at a time, ended after each picture) sampled apart. Target: < 300 MB.

| run | uploads s | all copies s | s per picture | server RSS at start MB | median MB | peak sampled MB | peak VmHWM MB | resizing child peak MB |
|---|---|---|---|---|---|---|---|---|
${memoryLine}
`,
);
