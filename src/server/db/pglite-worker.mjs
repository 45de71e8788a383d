// The embedded database's own thread (decision 032). PGlite runs each statement synchronously: on the
// main thread a 50 ms search held up every socket for 50 ms, and since libuv accepts one connection per
// loop turn, a flood left new connections (health probes, shoppers) waiting seconds just to be
// accepted. Here a statement blocks only this thread. pglite-thread.ts is the main thread's side: it
// sends one request at a time per call and this answers it. Plain JavaScript, so the same file runs
// from src/ (tests, tsx) and from dist/server/ (the build copies it beside main.js).
import { parentPort, workerData } from 'node:worker_threads';
import { PGlite, types } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { fuzzystrmatch } from '@electric-sql/pglite/contrib/fuzzystrmatch';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';

// Extensions the migrations create (0002 pg_trgm; 0007 fuzzystrmatch and btree_gin for the search
// index) must be loaded into PGlite first; a real server ships them.
const extensions = { pg_trgm, fuzzystrmatch, btree_gin };
// A restore (ops/backup) opens an empty folder with the data folder of a backup (dumpDataDir's tarball).
const loadDataDir = workerData.loadDataDir ? new Blob([workerData.loadDataDir]) : undefined;
const options = loadDataDir ? { extensions, loadDataDir } : { extensions };
const pg = workerData.dataDir ? new PGlite(workerData.dataDir, options) : new PGlite(options);

/** Open transactions by id: PGlite's handle for their statements, and how to end them. */
const handles = new Map();
const endings = new Map();
let lastTransaction = 0;
/** Thrown inside a transaction's callback to make PGlite roll it back. */
const ROLLBACK = Symbol('rollback');

/** An error as plain data: its message and the PostgreSQL fields callers read (code, constraint...). */
function plain(err) {
  const fields = {};
  for (const [key, value] of Object.entries(err ?? {})) {
    if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) fields[key] = value;
  }
  return { message: err?.message ?? String(err), name: err?.name ?? 'Error', fields };
}

// Answers go back on their own port, which the main thread can also read synchronously between two
// requests (pglite-thread.ts, pump), not only once per turn of its event loop.
const replies = workerData.replies;
const answer = (id, result) => replies.postMessage({ id, ok: true, result });
const fail = (id, err) => replies.postMessage({ id, ok: false, error: plain(err) });

/**
 * The types drizzle asks for as text on every query (it parses them itself): timestamp, timestamptz,
 * interval, date, and arrays of numeric, timestamp, timestamptz, interval and date.
 */
const DRIZZLE_RAW_TYPES = [1114, 1184, 1186, 1082, 1231, 1115, 1185, 1187, 1182];
/** The element type of each of those array types. */
const ELEMENT_OF = { 1231: 1700, 1115: 1114, 1185: 1184, 1187: 1186, 1182: 1082 };
const asText = (value) => value;
/** PGlite's own parsers for those types, for the callers that want them parsed (set once ready). */
let defaultParsers = {};

/**
 * PGlite copies its whole parser table (several hundred types) into a new object for every query that
 * passes `parsers`: 150 µs a statement here, more than the statement itself. So the table keeps those
 * types as text once, and a query passes parsers only when it wants something else (a raw query that
 * wants dates parsed): drizzle's queries, nearly all of them, pass none.
 */
function keepDrizzleTypesAsText() {
  // PGlite's array parsers look their element's parser up in the table at each call: an array's default
  // is rebuilt here on the element's own default, which the table no longer holds.
  const original = Object.fromEntries(DRIZZLE_RAW_TYPES.map((oid) => [oid, pg.parsers[oid]]));
  const elementParser = (oid) => original[oid] ?? pg.parsers[oid];
  defaultParsers = Object.fromEntries(
    DRIZZLE_RAW_TYPES.map((oid) => [oid, ELEMENT_OF[oid] ? (value) => types.arrayParser(value, elementParser(ELEMENT_OF[oid]), oid) : original[oid] ?? asText]),
  );
  for (const oid of DRIZZLE_RAW_TYPES) pg.parsers[oid] = asText;
}

/** Per set of raw types a caller names, the parsers that differ from the table (cached: few sets exist). */
const parsersFor = new Map();

/** Types the caller parses itself (rawTypes) come back as text; every other type as PGlite parses it. */
function queryOptions(message) {
  const rawTypes = message.rawTypes ?? [];
  const key = rawTypes.join(',');
  let parsers = parsersFor.get(key);
  if (parsers === undefined) {
    const differing = { ...defaultParsers };
    for (const oid of rawTypes) {
      if (DRIZZLE_RAW_TYPES.includes(oid)) delete differing[oid];
      else differing[oid] = asText;
    }
    parsers = Object.keys(differing).length ? differing : null;
    parsersFor.set(key, parsers);
  }
  const rowMode = message.rowMode ?? 'object';
  return parsers ? { rowMode, parsers } : { rowMode };
}

/** The statement's handle: PGlite itself, or an open transaction's. */
function handleFor(message) {
  if (message.tx === undefined) return pg;
  const handle = handles.get(message.tx);
  if (!handle) throw new Error('Transaction is closed');
  return handle;
}

/** Opens a transaction that stays open, across messages, until 'end' commits or rolls it back. */
function begin(id) {
  const tx = ++lastTransaction;
  let end;
  const ended = new Promise((resolve) => (end = resolve));
  let began = false;
  const settled = pg.transaction(async (handle) => {
    began = true;
    handles.set(tx, handle);
    answer(id, tx);
    if (!(await ended)) throw ROLLBACK;
  });
  // A BEGIN that failed is answered here; a transaction that began is answered by 'end'.
  settled.catch((err) => {
    if (!began) fail(id, err);
  });
  endings.set(tx, { end, settled });
}

/**
 * The whole data folder as a gzipped tarball (PGlite's dumpDataDir), for a backup. Only between
 * transactions: PGlite has one session, so a dump taken while one is open would hold its uncommitted
 * writes (replayed away when the copy starts, but a backup must not depend on that). A checkpoint first
 * writes every committed page into the data files, so the copy needs no recovery to open.
 */
async function dump(id) {
  if (handles.size > 0) throw new Error('The embedded database is dumped only between transactions, and one is open');
  await pg.exec('CHECKPOINT');
  const file = await pg.dumpDataDir('gzip');
  const bytes = new Uint8Array(await file.arrayBuffer());
  replies.postMessage({ id, ok: true, result: bytes }, [bytes.buffer]);
}

async function handle(message) {
  const { id, op } = message;
  try {
    switch (op) {
      case 'query':
        return answer(id, await handleFor(message).query(message.sql, message.params, queryOptions(message)));
      case 'exec':
        return answer(id, await handleFor(message).exec(message.sql, queryOptions(message)));
      case 'begin':
        return begin(id);
      case 'end': {
        const ending = endings.get(message.tx);
        endings.delete(message.tx);
        handles.delete(message.tx);
        if (!ending) throw new Error('Transaction is closed');
        ending.end(message.commit);
        try {
          await ending.settled;
        } catch (err) {
          if (err !== ROLLBACK) throw err;
        }
        return answer(id, null);
      }
      case 'listen':
        await pg.listen(message.channel, (payload) => replies.postMessage({ notify: message.channel, payload }));
        return answer(id, null);
      case 'unlisten':
        await pg.unlisten(message.channel);
        return answer(id, null);
      case 'dump':
        return await dump(id);
      case 'close':
        await pg.close();
        return answer(id, null);
      default:
        throw new Error(`unknown operation ${op}`);
    }
  } catch (err) {
    fail(id, err);
  }
}

parentPort.on('message', (message) => void handle(message));
pg.waitReady.then(
  () => {
    keepDrizzleTypesAsText();
    replies.postMessage({ ready: true });
  },
  (err) => replies.postMessage({ ready: false, error: plain(err) }),
);
