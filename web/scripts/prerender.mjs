// Post-build step: dist/auth.html, the page the server sends for /auth. It is index.html with the
// sign-in screen already in #root (rendered by src/prerender/authPage.tsx through Vite's SSR loader)
// and the stylesheet inlined, so a phone paints the form as soon as the HTML arrives: no waiting
// for the CSS request, nor for the JavaScript to download and run. The copy is inert (it looks the
// same but takes no focus or input) until the app renders the same screen over it, so no keystroke
// typed into it can be lost.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { createServer } from 'vite';

const root = path.resolve(import.meta.dirname, '..');
const dist = path.join(root, 'dist');

const vite = await createServer({
  root,
  configFile: false,
  plugins: [react()],
  appType: 'custom',
  logLevel: 'error',
  server: { middlewareMode: true, hmr: false, ws: false },
});
let markup;
try {
  const { renderAuthPage } = await vite.ssrLoadModule('/src/prerender/authPage.tsx');
  markup = renderAuthPage();
} finally {
  await vite.close();
}
if (!markup.includes('data-testid="auth-form"')) throw new Error('prerender: the sign-in form is missing');
markup = markup.replace('<main ', '<main inert="" ');
if (!markup.includes('<main inert="" ')) throw new Error('prerender: the sign-in screen no longer starts with <main>');

const index = readFileSync(path.join(dist, 'index.html'), 'utf8');
const stylesheet = /<link rel="stylesheet"[^>]*href="\/(assets\/[^"]+\.css)"[^>]*>/.exec(index);
if (!stylesheet) throw new Error('prerender: no stylesheet link in index.html');
const css = readFileSync(path.join(dist, stylesheet[1]), 'utf8');
const page = index
  .replace(stylesheet[0], () => `<style>${css}</style>`)
  .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
if (!page.includes(markup)) throw new Error('prerender: no empty #root in index.html');
writeFileSync(path.join(dist, 'auth.html'), page);
console.log(`prerendered dist/auth.html (${(page.length / 1024).toFixed(1)} KB, stylesheet inlined)`);
