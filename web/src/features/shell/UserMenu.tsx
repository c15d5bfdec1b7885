import { useNavigate } from 'react-router-dom';
import { toast } from 'sonner';
import { Languages, LogOut, ShieldCheck, UserRound } from 'lucide-react';
import { UserAvatar } from '../../components/ui/avatar.tsx';
import {
  DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuLabel, DropdownMenuSeparator, DropdownMenuTrigger,
} from '../../components/ui/dropdown-menu.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useAuth } from '../auth/index.ts';

/** Header user menu (left): username and email; Profile, Language Settings, Sign Out. */
export function UserMenu({ onLanguageSettings }: { onLanguageSettings: () => void }) {
  const t = useT();
  const navigate = useNavigate();
  const { user, profile, signOut } = useAuth();
  const username = profile?.username ?? user?.email ?? '';
  const email = profile?.email ?? user?.email ?? '';

  const handleSignOut = async () => {
    try {
      await signOut();
      toast.success(t('header.signedOut'), { description: t('header.signedOutDescription') });
      navigate('/auth', { replace: true });
    } catch (error) {
      console.error('Sign-out failed', error);
      toast.error(t('header.signOutError'), { description: t('header.signOutErrorDescription') });
    }
  };

  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="rounded-full focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2"
        aria-label={t('header.userMenu')}
        data-testid="user-menu-trigger"
      >
        <UserAvatar username={username} src={profile?.avatar_url} className="size-9" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start" data-testid="user-menu">
        <DropdownMenuLabel className="flex items-center gap-3">
          <UserAvatar username={username} src={profile?.avatar_url} className="size-9" />
          <span className="min-w-0">
            <span className="block truncate font-semibold" data-testid="user-menu-username">{username}</span>
            <span className="block truncate text-xs text-muted-foreground" data-testid="user-menu-email">{email}</span>
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => navigate('/profile')} data-testid="menu-profile">
          <UserRound aria-hidden="true" />
          {t('header.profile')}
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={onLanguageSettings} data-testid="menu-language">
          <Languages aria-hidden="true" />
          {t('header.languageSettings')}
        </DropdownMenuItem>
        {user?.admin && (
          <DropdownMenuItem onSelect={() => navigate('/admin')} data-testid="menu-admin">
            <ShieldCheck aria-hidden="true" />
            {t('admin.menuLink')}
          </DropdownMenuItem>
        )}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={() => void handleSignOut()} data-testid="menu-sign-out" className="text-destructive data-[highlighted]:text-destructive [&_svg]:text-destructive">
          <LogOut aria-hidden="true" />
          {t('header.signOut')}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
