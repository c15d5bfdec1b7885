import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoutes } from './App.tsx';
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

// /auth arrives with the sign-in screen already drawn (auth.html, see web/scripts/prerender.mjs): let
// that frame reach the screen before the app renders the same screen over it.
if (root.firstElementChild) requestAnimationFrame(() => setTimeout(mount, 0));
else mount();
