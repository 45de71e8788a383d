/**
 * Soak benchmark (issue 24 item 3): floods and pauses in turn against one server for a long time, to
 * show that it recovers after every flood (a new search answers 200 quickly) and that its memory stays
 * flat (resident set, and V8 heap after a full garbage collection) rather than creeping up round after
 * round, as a server that "had run for an hour" did.
 *
 * `npm run bench:soak` runs 30 minutes on PGlite (DATABASE_URL: PostgreSQL, `<db>_soak`). Flags:
 * `-- --minutes 5 --flood 60 --pause 30 --connections 800`.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { generateProducts } from './generate';
import { flood, longQuery, overASecond, probeSummary, timedGet, type FloodFigures } from './flood';
import { dropBenchDatabase, machine, prepareDatabase, serverMemory, startServer, stopServer, writeResults, type ServerMemory } from './server';

const { values: flags } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    flood: { type: 'string', default: '60' },
    pause: { type: 'string', default: '30' },
    connections: { type: 'string', default: '800' },
  },
});
const MINUTES = Number(flags.minutes);
const FLOOD_SECONDS = Number(flags.flood);
const PAUSE_SECONDS = Number(flags.pause);
const CONNECTIONS = Number(flags.connections);
const PRODUCTS_PER_TENANT = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const PORT = Number(process.env.BENCH_PORT ?? 3911);
for (const [name, value] of Object.entries({ minutes: MINUTES, flood: FLOOD_SECONDS, pause: PAUSE_SECONDS, connections: CONNECTIONS })) {
  if (!Number.isFinite(value) || value <= 0) throw new Error(`--${name} must be a positive number`);
}

/** A search answered 200 within this, after a flood, counts as recovered. */
const QUICK_MS = 500;

interface Round {
  round: number;
  flood: FloodFigures;
  /** From the flood's end to the first search answered 200 within QUICK_MS; -1 if none in 120 s. */
  recoveredMs: number;
  firstSearchMs: number;
  memory: ServerMemory;
}

/** Searches (each new, so uncached) until one answers 200 quickly. */
async function recovery(): Promise<{ recoveredMs: number; firstSearchMs: number }> {
  const started = performance.now();
  while (performance.now() - started < 120_000) {
    const answer = await timedGet(PORT, `/api/products?q=${longQuery()}`);
    if (answer.status === 200 && answer.ms <= QUICK_MS) return { recoveredMs: Math.round(performance.now() - started), firstSearchMs: answer.ms };
    await new Promise((r) => setTimeout(r, 50));
  }
  return { recoveredMs: -1, firstSearchMs: -1 };
}

const { env, kind } = await prepareDatabase('soak', PORT, async (db, seed) => {
  for (const tenantId of Object.values(seed.tenantIds)) await generateProducts(db, tenantId, PRODUCTS_PER_TENANT);
});
const server = await startServer(PORT, { ...env, TRUST_PROXY: 'true', CATALOGUE_CACHE_SECONDS: '0' }, { memory: true });
const loadBefore = os.loadavg()[0];
const rounds: Round[] = [];
let start: ServerMemory;
try {
  // A few ordinary searches first, so the baseline has the caches a running shop has.
  for (let i = 0; i < 20; i++) await timedGet(PORT, `/api/products?q=${longQuery()}`);
  start = await serverMemory(server);
  console.log(`start: RSS ${start.rss} MB, heap after GC ${start.heap} MB, external ${start.external} MB`);
  const began = performance.now();
  while (performance.now() - began < MINUTES * 60_000) {
    const figures = await flood(PORT, CONNECTIONS, FLOOD_SECONDS);
    const pauseStarted = performance.now();
    const recovered = await recovery();
    const rest = PAUSE_SECONDS * 1000 - (performance.now() - pauseStarted);
    if (rest > 0) await new Promise((r) => setTimeout(r, rest));
    const round: Round = { round: rounds.length + 1, flood: figures, ...recovered, memory: await serverMemory(server) };
    rounds.push(round);
    const f = round.flood;
    console.log(
      `round ${String(round.round).padStart(2)} (${Math.round((performance.now() - began) / 60_000)} min): ${f.requests} requests, 2xx ${f.ok}, 503 ${f.shed}, other ${f.other}, p99 ${f.p99} ms; ` +
        `/healthz ${probeSummary(f.healthz)}; /readyz ${probeSummary(f.readyz)}; recovered in ${round.recoveredMs} ms (search ${round.firstSearchMs} ms); event loop held up at most ${round.memory.loopDelayMaxMs} ms; ` +
        `RSS ${round.memory.rss} MB, heap ${round.memory.heap} MB, external ${round.memory.external} MB`,
    );
  }
} finally {
  await stopServer(server);
}
const load = `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after`;
const first = rounds[0].memory;
const last = rounds[rounds.length - 1].memory;
const worstRecovery = Math.max(...rounds.map((r) => r.recoveredMs));
const unrecovered = rounds.filter((r) => r.recoveredMs < 0).length;
const others = rounds.reduce((n, r) => n + r.flood.other, 0);
const probesWorst = Math.max(...rounds.flatMap((r) => [r.flood.healthz.worst, r.flood.readyz.worst]));
const slow = (pick: (f: FloodFigures) => FloodFigures['healthz']) =>
  `${rounds.reduce((n, r) => n + overASecond(pick(r.flood)), 0)} of ${rounds.reduce((n, r) => n + pick(r.flood).asked, 0)}`;
const summary =
  `${rounds.length} rounds of ${FLOOD_SECONDS} s at ${CONNECTIONS} connections and ${PAUSE_SECONDS} s pauses. ` +
  `Recovered after every flood: ${unrecovered ? `no, ${unrecovered} round(s) without a quick 200 in 120 s` : `yes, at worst ${worstRecovery} ms after it ended`}. ` +
  `Memory after round 1 and after round ${rounds.length}: RSS ${first.rss} and ${last.rss} MB, heap after GC ${first.heap} and ${last.heap} MB (at the start ${start!.rss} and ${start!.heap} MB). ` +
  `Non-2xx other than 503 (a 500 would count): ${others}. Probes answered after more than a second: /healthz ${slow((f) => f.healthz)}, /readyz ${slow((f) => f.readyz)}; the slowest took ${probesWorst} ms. Connections the kernel dropped because the accept queue was full: ${rounds.some((r) => r.flood.listenOverflows === null) ? 'unknown' : rounds.reduce((n, r) => n + (r.flood.listenOverflows ?? 0), 0)}.`;
console.log(`\n${load}\n${summary}`);

const rows = rounds
  .map((r) => {
    const f = r.flood;
    return `| ${r.round} | ${f.requests} | ${f.ok} | ${f.shed} | ${f.other} | ${f.p50} | ${f.p99} | ${f.healthz.worst} (${overASecond(f.healthz)}/${f.healthz.asked}) | ${f.readyz.worst} (${overASecond(f.readyz)}/${f.readyz.asked}) | ${r.recoveredMs} | ${r.firstSearchMs} | ${r.memory.loopDelayMaxMs} | ${r.memory.rss} | ${r.memory.heap} | ${r.memory.external} |`;
  })
  .join('\n');
writeResults(
  `## Soak, ${kind}`,
  `## Soak, ${kind}, ${new Date().toISOString().slice(0, 10)}

Written by \`bench/soak.ts\` (\`npm run bench:soak${MINUTES === 30 && FLOOD_SECONDS === 60 && PAUSE_SECONDS === 30 && CONNECTIONS === 800 ? '' : ` -- --minutes ${MINUTES} --flood ${FLOOD_SECONDS} --pause ${PAUSE_SECONDS} --connections ${CONNECTIONS}`}\`). ${MINUTES} minutes on one server: the overload benchmark's flood (long uncached searches, each from its own address; ${PRODUCTS_PER_TENANT} products per tenant; catalogue cache off) for ${FLOOD_SECONDS} s at ${CONNECTIONS} connections, then ${PAUSE_SECONDS} s with no flood, again and again. "Recovered" is the time from a flood's end until a new search answered 200 within ${QUICK_MS} ms (its time beside it); memory is read at the end of each pause, after a full garbage collection (bench/memory-probe.mjs): resident set (the whole process: PGlite's WebAssembly memory lives in its worker thread and counts there), the main thread's V8 heap in use, and its external memory. A probe is asked on a fresh connection; one that arrives while a flood opens its 800 connections at once waits to be accepted (decision 032, "Costs"). ${machine()}, ${load}.

**${summary}**

| round | requests | 2xx | 503 | other | p50 ms | p99 ms | /healthz worst ms (over 1 s / asked) | /readyz worst ms (over 1 s / asked) | recovered after ms | that search ms | event loop held up, worst ms | RSS MB | heap MB | external MB |
|---|---|---|---|---|---|---|---|---|---|---|---|---|---|---|
${rows}
`,
);
await dropBenchDatabase(env);
