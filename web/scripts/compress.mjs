// Post-build step: write .br (brotli, max quality) and .gz (gzip -9) next to every text file in
// dist/ worth compressing. The server sends them as they are (@fastify/static preCompressed), so
// no request pays for compression and the smallest encoding the browser accepts goes out.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = path.resolve(import.meta.dirname, '../dist');
// .wasm: calls' voice activity detector (14 MB, about 3 MB compressed; web/vadAssets.ts).
const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|wasm)$/;
/** Brotli's best quality takes minutes on megabytes: large files get quality 9 (nearly as small). */
const LARGE_BYTES = 2 * 1024 * 1024;
const MIN_BYTES = 1024; // below this the headers cost more than compression saves

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    // Dot folders (.vite's manifest, .ssr's server render) are for the server, never sent to a browser.
    if (entry.isDirectory() && entry.name.startsWith('.')) continue;
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

let raw = 0;
let br = 0;
for (const file of files(dist)) {
  if (!TEXT.test(file) || statSync(file).size < MIN_BYTES) continue;
  const body = readFileSync(file);
  const brotli = brotliCompressSync(body, {
    params: { [constants.BROTLI_PARAM_QUALITY]: body.length > LARGE_BYTES ? 9 : 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
  });
  writeFileSync(`${file}.br`, brotli);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  raw += body.length;
  br += brotli.length;
}
console.log(`compressed dist/: ${(raw / 1024).toFixed(1)} KB -> ${(br / 1024).toFixed(1)} KB brotli`);
