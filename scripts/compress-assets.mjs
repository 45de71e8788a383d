// Writes .br and .gz beside each built script and stylesheet, once at build time, so the server hands
// browsers compressed files without compressing on every request (@fastify/static preCompressed).
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

export function compressAssets(dir) {
  for (const name of readdirSync(dir)) {
    if (!/\.(js|css|svg)$/.test(name)) continue;
    const file = path.join(dir, name);
    const body = readFileSync(file);
    writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
    writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  compressAssets(path.join(root, 'dist/web/assets'));
}
