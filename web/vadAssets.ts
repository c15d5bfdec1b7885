import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

/**
 * The voice activity detector of calls (@ricky0123/vad-web) loads three files at run time: its audio worklet,
 * the Silero model and onnxruntime-web's WebAssembly. They are served by the app itself, never from a CDN:
 * copied at build time into dist/assets/vad-<versions>/ (the versions in the folder name, so the server's
 * immutable caching of /assets is right and an upgrade never mixes files), and served from node_modules by
 * the dev server. Only the calls chunk asks for them, when a call starts: nothing in the first download.
 */
const require = createRequire(import.meta.url);
const vadDir = path.dirname(require.resolve('@ricky0123/vad-web/package.json'));
// onnxruntime-web exports no package.json: find its folder from a file it does export.
const ortDir = path.dirname(path.dirname(require.resolve('onnxruntime-web/ort-wasm-simd-threaded.wasm')));
const version = (dir: string) => (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version;

/** The folder under the site root (ends with '/'); the calls code reads it as import.meta.env.VITE_VAD_ASSETS. */
export const VAD_ASSET_BASE = `/assets/vad-${version(vadDir)}-ort${version(ortDir)}/`;

/** File name -> where it is in node_modules. The legacy Silero model is the smallest (1.8 MB) and vad-web's default. */
const FILES: Record<string, string> = {
  'vad.worklet.bundle.min.js': path.join(vadDir, 'dist/vad.worklet.bundle.min.js'),
  'silero_vad_legacy.onnx': path.join(vadDir, 'dist/silero_vad_legacy.onnx'),
  'ort-wasm-simd-threaded.wasm': path.join(ortDir, 'dist/ort-wasm-simd-threaded.wasm'),
  'ort-wasm-simd-threaded.mjs': path.join(ortDir, 'dist/ort-wasm-simd-threaded.mjs'),
};

const TYPES: Record<string, string> = { '.js': 'text/javascript', '.mjs': 'text/javascript', '.wasm': 'application/wasm', '.onnx': 'application/octet-stream' };

export function vadAssets(): Plugin {
  return {
    name: 'parley-vad-assets',
    config: () => ({ define: { 'import.meta.env.VITE_VAD_ASSETS': JSON.stringify(VAD_ASSET_BASE) } }),
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        const url = req.url?.split('?')[0] ?? '';
        if (!url.startsWith(VAD_ASSET_BASE)) return next();
        const file = FILES[url.slice(VAD_ASSET_BASE.length)];
        if (!file) return next();
        res.setHeader('content-type', TYPES[path.extname(file)] ?? 'application/octet-stream');
        res.end(readFileSync(file));
      });
    },
    generateBundle() {
      for (const [name, file] of Object.entries(FILES)) {
        this.emitFile({ type: 'asset', fileName: `${VAD_ASSET_BASE.slice(1)}${name}`, source: readFileSync(file) });
      }
    },
  };
}
