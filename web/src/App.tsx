import { lazy, Suspense, type ComponentType } from 'react';
import { Outlet, Route, Routes } from 'react-router-dom';
import { AuthPage } from './features/auth/AuthPage.tsx';
import { hasSessionHint } from './features/auth/AuthProvider.tsx';
import { FullScreenLoader, RedirectIfAuthenticated, RequireAuth } from './features/auth/guards.tsx';
import { withAllEnglish } from './lib/english.ts';

// Only the sign-in screen is in the first download; the signed-in app, Profile and the 404 page
// are chunks of their own (lazy.ts prefetches them when the browser is idle). Each waits for the English
// strings outside the first download (lib/english.ts) before it renders.
const loadMainPage = withAllEnglish(() => import('./features/shell/MainPage.tsx'));
const LazyMainPage = lazy(() => loadMainPage().then((m) => ({ default: m.MainPage })));
/** The signed-in app once its module is in: rendered directly, with no loading frame first. */
let loadedMainPage: ComponentType | null = null;

/** A page that arrives already drawn (main.tsx) must not flash a spinner while the app's chunk resolves. */
export async function preloadMainPage(): Promise<void> {
  loadedMainPage = (await loadMainPage()).MainPage;
}

/** The server's render (prerender/signedInPage.tsx) has the module at hand. */
export function provideMainPage(component: ComponentType): void {
  loadedMainPage = component;
}
const ProfilePage = lazy(() => withAllEnglish(() => import('./features/profile/index.ts'))().then((m) => ({ default: m.ProfilePage })));
// The pages a mailed link opens (and "Forgot password?"): rarely visited, so a chunk of their own.
const accountLinkPages = withAllEnglish(() => import('./features/auth/AccountLinkPages.tsx'));
const ForgotPasswordPage = lazy(() => accountLinkPages().then((m) => ({ default: m.ForgotPasswordPage })));
const ResetPasswordPage = lazy(() => accountLinkPages().then((m) => ({ default: m.ResetPasswordPage })));
const ConfirmEmailPage = lazy(() => accountLinkPages().then((m) => ({ default: m.ConfirmEmailPage })));
// The operators' console: its own chunk, requested only when an admin opens /admin (never prefetched).
const AdminPage = lazy(() => withAllEnglish(() => import('./features/admin/AdminPage.tsx'))().then((m) => ({ default: m.AdminPage })));
const NotFoundPage = lazy(() => withAllEnglish(() => import('./features/shell/NotFoundPage.tsx'))().then((m) => ({ default: m.NotFoundPage })));

// A signed-in device opening the app: its chunk downloads while React starts, not after.
if (typeof window !== 'undefined' && window.location.pathname !== '/auth' && hasSessionHint()) void loadMainPage();

/** Routes of spec section 2, plus /chat/:roomId (one address per conversation, same screen as /). */
export function AppRoutes() {
  const MainPage = loadedMainPage ?? LazyMainPage;
  return (
    <Suspense fallback={<FullScreenLoader />}>
      <Routes>
        <Route path="/auth" element={<RedirectIfAuthenticated><AuthPage /></RedirectIfAuthenticated>} />
        {/* One MainPage instance for the list and every conversation: moving between them keeps its state. */}
        <Route element={<RequireAuth><MainPage /></RequireAuth>}>
          <Route path="/" element={<Outlet />} />
          <Route path="/chat/:roomId" element={<Outlet />} />
        </Route>
        <Route path="/forgot-password" element={<ForgotPasswordPage />} />
        <Route path="/reset-password" element={<ResetPasswordPage />} />
        <Route path="/confirm-email" element={<ConfirmEmailPage />} />
        <Route path="/profile" element={<RequireAuth><ProfilePage /></RequireAuth>} />
        <Route path="/admin" element={<RequireAuth><AdminPage /></RequireAuth>} />
        <Route path="*" element={<NotFoundPage />} />
      </Routes>
    </Suspense>
  );
}
