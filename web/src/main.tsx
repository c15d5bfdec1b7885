import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes, preloadMainPage } from './App.tsx';
import { preloadCatalog } from './lib/i18n.tsx';
import { interfaceLanguage } from './lib/userLanguage.ts';
import { Providers } from './providers.tsx';
import './index.css';

const root = document.getElementById('root');
if (!root) throw new Error('Missing #root element');

const mount = () =>
  createRoot(root).render(
    <StrictMode>
      <Providers>
        <AppRoutes />
      </Providers>
    </StrictMode>,
  );

// The page can arrive with its screen already drawn: /auth (auth.html, web/scripts/prerender.mjs, in English)
// and a signed-in / (the list, drawn by the server in the reader's language: server/src/webPage.ts). Let that
// frame reach the screen, and bring in what the app's first frame needs to be a whole screen (the signed-in
// app's chunk, the interface language's strings: the stored choice, else the browser's language), before the app
// renders over it: no spinner, no blank frame. A visitor whose browser asks for Spanish sees the English copy, then
// the Spanish form once its catalog chunk is in (the first download itself stays English).
const drawn = root.firstElementChild as HTMLElement | null;
if (drawn) {
  Promise.all([drawn.dataset.signedInLanguage ? preloadMainPage() : undefined, preloadCatalog(interfaceLanguage())])
    .catch((error: unknown) => console.warn('The app renders without its preloaded parts', error))
    .finally(() => requestAnimationFrame(() => setTimeout(mount, 0)));
} else mount();
