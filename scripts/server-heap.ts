// The server process's V8 old-space limit (decision 026). Node's default on a large machine is about
// a quarter of its memory, and V8 collects lazily until near its limit, so a long import left the
// resident set 100-200 MB above what it used; capped at 512 MB the same import ran as fast and stayed
// within about 20 MB of where it started (bench/RESULTS.md). `npm start` passes the same flag
// (package.json); SERVER_HEAP_MB overrides it for both.
export const SERVER_HEAP_MB = Number(process.env.SERVER_HEAP_MB || 512);

/** Node's arguments before scripts/start.mjs, for the journeys' and benchmarks' servers. */
export const serverNodeArgs = (): string[] => [`--max-old-space-size=${SERVER_HEAP_MB}`];
