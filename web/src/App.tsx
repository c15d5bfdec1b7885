import { Route, Routes } from 'react-router-dom';
import { AuthPage } from './features/auth/AuthPage.tsx';
import { RedirectIfAuthenticated, RequireAuth } from './features/auth/guards.tsx';
import { ProfilePage } from './features/profile/ProfilePage.tsx';
import { MainPage } from './features/shell/MainPage.tsx';
import { NotFoundPage } from './features/shell/NotFoundPage.tsx';

/** Routes of spec section 2. */
export function AppRoutes() {
  return (
    <Routes>
      <Route path="/auth" element={<RedirectIfAuthenticated><AuthPage /></RedirectIfAuthenticated>} />
      <Route path="/" element={<RequireAuth><MainPage /></RequireAuth>} />
      <Route path="/profile" element={<RequireAuth><ProfilePage /></RequireAuth>} />
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
