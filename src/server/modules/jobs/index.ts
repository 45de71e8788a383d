// Background jobs (issue 15): a table of work any server instance may claim (FOR UPDATE SKIP LOCKED,
// under a lease), and the runner that claims and runs it. Modules queue jobs and register handlers, or
// register periodic tasks that claim their own due rows (the checkout recovery emails, decision 048).
export { JobRunner, type JobHandler, type JobGiveUp, type JobRunnerOptions, type PeriodicTask } from './runner';
export { Lease, LeaseLostError, type ClaimedJob } from './lease';
export { enqueueJob, jobCounts, openJobCount } from './queue';
