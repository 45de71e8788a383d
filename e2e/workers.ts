import { inject } from 'vitest';

// Which of the servers global-setup.ts started is this worker's (worker-count.ts says how many).

/** This worker's index (0-based): VITEST_POOL_ID runs 1..maxWorkers. */
function worker(count: number): number {
  return (Math.max(1, Number(process.env.VITEST_POOL_ID ?? 1)) - 1) % count;
}

/** The port of this worker's own server. */
export function serverPort(): number {
  const ports = inject('basePorts');
  return ports[worker(ports.length)];
}

/** The port this worker's push service listens on (its server may send pushes there). */
export function pushServicePort(): number {
  const ports = inject('pushPorts');
  return ports[worker(ports.length)];
}
