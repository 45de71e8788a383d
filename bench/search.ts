/**
 * Storefront search benchmark (issue 11): uncached searches (CATALOGUE_CACHE_SECONDS=0, every request
 * reaches the database) at 1,000 and at 20,000 products in each of two tenants: words, misspellings
 * and prefixes. `npx tsx bench/search.ts` runs on PGlite; with DATABASE_URL on PostgreSQL (a fresh
 * `<db>_bench` per size, dropped afterwards). Prints figures and writes them to bench/RESULTS.md.
 *
 * The generated products (bench/generate.ts) draw their names from 24 words; a real shop has thousands,
 * and a misspelt word is compared with all of them of about its length. So each description here also
 * gets five words from a made-up lexicon of 12,000, giving each shop a vocabulary of real size.
 */
import os from 'node:os';
import { sql } from 'drizzle-orm';
import type { Db } from '../src/server/db/connection';
import { withScope } from '../src/server/db/scope';
import { generateProducts } from './generate';
import { dropBenchDatabase, getJson, machine, measure, prepareDatabase, startServer, stopServer, writeResults, type Figure } from './server';

const SIZES = (process.env.BENCH_SIZES ?? '1000,20000').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PORT = Number(process.env.BENCH_PORT ?? 3900);
const LEXICON_SIZE = 12_000;
const EXTRA_WORDS = 5;

const SEARCHES = [
  { name: 'words "stoneware jug"', q: 'stoneware jug' },
  { name: 'common word "linen"', q: 'linen' },
  { name: 'misspelt "teracotta"', q: 'teracotta' },
  { name: 'swapped letters "stonewrae"', q: 'stonewrae' },
  { name: 'prefix "terrac"', q: 'terrac' },
  { name: 'word and prefix "linen cush"', q: 'linen cush' },
];

/** Pronounceable made-up words, the same every run (a fixed-seed generator). */
function lexicon(size: number): string[] {
  const onsets = ['b', 'br', 'c', 'ch', 'd', 'dr', 'f', 'fl', 'g', 'gr', 'h', 'j', 'k', 'l', 'm', 'n', 'p', 'pl', 'r', 's', 'sh', 'st', 't', 'tr', 'v', 'w', 'z'];
  const vowels = ['a', 'e', 'i', 'o', 'u', 'ai', 'ea', 'oo'];
  const codas = ['', 'n', 'r', 'l', 'st', 'nd', 'm', 'ck'];
  // mulberry32: a small generator whose low bits are as random as its high ones.
  let seed = 42;
  const pick = <T>(list: T[]) => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return list[((x ^ (x >>> 14)) >>> 0) % list.length];
  };
  const words = new Set<string>();
  for (let tries = 0; words.size < size; tries++) {
    if (tries > size * 20) throw new Error(`could not make ${size} distinct words`);
    const syllables = 2 + (words.size % 2);
    let word = '';
    for (let i = 0; i < syllables; i++) word += pick(onsets) + pick(vowels) + (i === syllables - 1 ? pick(codas) : '');
    words.add(word);
  }
  return [...words];
}

/** Appends EXTRA_WORDS lexicon words to every generated description (the triggers index them). */
async function widenVocabulary(db: Db, tenantId: string, words: string[]): Promise<void> {
  const list = sql.raw(`array[${words.map((w) => `'${w}'`).join(',')}]`);
  const picks = Array.from({ length: EXTRA_WORDS }, (_, k) => sql`(${list})[1 + (hashtext(p.id::text || ${String(k)}) & 2147483647) % ${words.length}]`);
  await withScope(db, { tenantId, userId: null }, (tx) =>
    tx.execute(sql`update products p set description = description || ' ' || concat_ws(' ', ${sql.join(picks, sql`, `)})
                   where p.tenant_id = ${tenantId} and p.slug like 'bench-%'`),
  );
  await db.execute(sql`vacuum analyze`);
}

async function vocabularySize(db: Db, tenantId: string): Promise<number> {
  const result = await db.execute(sql`select count(distinct word)::int as n from search_words where tenant_id = ${tenantId}`);
  return (result as unknown as { rows: { n: number }[] }).rows[0].n;
}

interface SizeResult {
  size: number;
  vocabulary: number;
  load: string;
  figures: (Figure & { matches: number })[];
}

async function measureSize(size: number, words: string[]): Promise<{ result: SizeResult; kind: string }> {
  let vocabulary = 0;
  const started = Date.now();
  const { env, kind } = await prepareDatabase('bench', PORT, async (db, seed) => {
    for (const tenantId of Object.values(seed.tenantIds)) {
      await generateProducts(db, tenantId, size);
      await widenVocabulary(db, tenantId, words);
    }
    vocabulary = await vocabularySize(db, seed.tenantIds.demo);
  });
  console.log(`\n${size} products in each of 2 tenants, ${vocabulary} vocabulary words, made in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const server = await startServer(PORT, { ...env, CATALOGUE_CACHE_SECONDS: '0' });
  const loadBefore = os.loadavg()[0];
  try {
    const figures: SizeResult['figures'] = [];
    for (const s of SEARCHES) {
      const path = `/api/products?q=${encodeURIComponent(s.q)}`;
      const { total } = await getJson<{ total: number }>(PORT, path);
      if (!total) throw new Error(`"${s.q}" finds nothing: the benchmark would measure an empty search`);
      figures.push({ ...(await measure(PORT, s.name, path, SECONDS)), matches: total });
    }
    const load = `load average ${loadBefore.toFixed(1)} before, ${os.loadavg()[0].toFixed(1)} after`;
    console.log(load);
    return { result: { size, vocabulary, load, figures }, kind };
  } finally {
    await stopServer(server);
    await dropBenchDatabase(env);
  }
}

const words = lexicon(LEXICON_SIZE);
const results: SizeResult[] = [];
let kind = '';
for (const size of SIZES) {
  const measured = await measureSize(size, words);
  results.push(measured.result);
  kind = measured.kind;
}

const tables = results.map((r) => `### ${r.size.toLocaleString('en-GB')} products per tenant (${r.vocabulary.toLocaleString('en-GB')} vocabulary words); ${r.load}

| search | path | matches | req/s | p50 ms | p99 ms | errors |
|---|---|---|---|---|---|---|
${r.figures.map((f) => `| ${f.name} | \`${f.path}\` | ${f.matches} | ${f.rps} | ${f.p50} | ${f.p99} | ${f.errors} |`).join('\n')}
`);
const section = `## Search, ${kind}, ${new Date().toISOString().slice(0, 10)}

Written by \`bench/search.ts\` (\`npm run bench:search\`). Two tenants of the given size (bench/generate.ts products, each description widened with ${EXTRA_WORDS} words from a made-up lexicon of ${LEXICON_SIZE.toLocaleString('en-GB')}), demo store searched; \`CATALOGUE_CACHE_SECONDS=0\`, so every request queries; autocannon, 10 connections, ${SECONDS} s per search after a 2 s warm-up, each request from its own address (the per-address search limit stays on); ${machine()}. Targets (issue 11): p99 under 50 ms at 1,000 products, under 150 ms at 20,000.

${tables.join('\n')}`;
writeResults(`## Search, ${kind},`, section);
