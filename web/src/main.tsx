import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes, preloadMainPage } from './App.tsx';
import { preloadCatalog } from './lib/i18n.tsx';
import { getStoredLanguage } from './lib/userLanguage.ts';
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

// The page can arrive with its screen already drawn: /auth (auth.html, web/scripts/prerender.mjs) and a
// signed-in / (the list, drawn by the server: server/src/webPage.ts). Let that frame reach the screen
// before the app renders the same screen over it.
const drawn = root.firstElementChild as HTMLElement | null;
const afterFirstFrame = () => requestAnimationFrame(() => setTimeout(mount, 0));
const language = getStoredLanguage();
if (language && drawn?.dataset.signedInLanguage === language) {
  // The app's chunk and the language's strings first, so its first frame is that same list (no spinner, no blank).
  Promise.all([preloadMainPage(), preloadCatalog(language)])
    .catch((error: unknown) => console.warn('The app renders without its preloaded parts', error))
    .finally(afterFirstFrame);
} else if (drawn) afterFirstFrame();
else mount();
