// Preloaded into a benchmarked server (`node --expose-gc --import ./bench/memory-probe.mjs`, with an IPC
// channel): on the benchmark's { type: 'memory' } message it collects garbage and answers the process's
// memory, so a soak can tell retained memory from garbage not yet collected; and the longest the main
// thread's event loop was held up since the last such message, so a slow probe can be told apart from
// a server that could not get to it. Nothing else changes in the server; the answer comes when the
// event loop gets to it, which is itself a measure.
import { monitorEventLoopDelay } from 'node:perf_hooks';

const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();

process.on('message', (message) => {
  if (message?.type !== 'memory') return;
  const loopDelayMaxMs = Math.round(loopDelay.max / 1e6);
  loopDelay.reset();
  globalThis.gc?.();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  process.send?.({ type: 'memory', id: message.id, rss, heapUsed, external, arrayBuffers, loopDelayMaxMs });
});
// The channel must not keep a stopped server alive.
process.channel?.unref();
