// Housekeeping (issue 30 item 7, decision 056): once a day, on one instance, every module removes what
// has ended (sessions, reset links, counters, old mail, invitations, abandoned uploads, orphaned files).
// Above the modules it cleans: it calls each one's index.ts; nothing imports it but app.ts.
export { HOUSEKEEPING_EVERY_MS, HOUSEKEEPING_TASK, registerHousekeeping, runHousekeeping, type HousekeepingDeps, type HousekeepingOutcome } from './run';
export type { HousekeepingCounts } from './sweeps';
