// Preloaded into a benchmarked server (`node --expose-gc --import ./bench/memory-probe.mjs`, with an IPC
// channel): on the benchmark's { type: 'memory' } message it collects garbage and answers the process's
// memory, so a soak can tell retained memory from garbage not yet collected. Nothing else changes in
// the server; the answer comes when the event loop gets to it, which is itself a measure.
process.on('message', (message) => {
  if (message?.type !== 'memory') return;
  globalThis.gc?.();
  const { rss, heapUsed, external, arrayBuffers } = process.memoryUsage();
  process.send?.({ type: 'memory', id: message.id, rss, heapUsed, external, arrayBuffers });
});
// The channel must not keep a stopped server alive.
process.channel?.unref();
