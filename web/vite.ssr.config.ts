import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

/**
 * The server-side render of the signed-in list (src/prerender/signedInPage.tsx), built into dist/.ssr/
 * for the Parley server to import (server/src/webPage.ts). Everything is bundled, React included, so
 * the server needs nothing from web/'s node_modules; dist/.ssr is never served (a dot folder).
 */
export default defineConfig({
  root: import.meta.dirname,
  plugins: [react()],
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  ssr: { noExternal: true },
  build: {
    ssr: 'src/prerender/signedInPage.tsx',
    outDir: 'dist/.ssr',
    emptyOutDir: true,
    copyPublicDir: false,
    rolldownOptions: {
      output: { entryFileNames: 'signedInPage.js' },
      // One bundle for the server: that the app's lazy imports are not split here is intended.
      checks: { ineffectiveDynamicImport: false },
    },
  },
});
