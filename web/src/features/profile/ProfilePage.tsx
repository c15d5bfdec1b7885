import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { toast } from 'sonner';
import { ArrowLeft, LoaderCircle } from 'lucide-react';
import type { Profile } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { Card, CardContent } from '../../components/ui/card.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { useT } from '../../lib/i18n.tsx';
import { useAuth, FullScreenLoader } from '../auth/index.ts';
import { AvatarUpload } from './AvatarUpload.tsx';
import { SecuritySection } from './SecuritySection.tsx';
import { TokensSection } from './TokensSection.tsx';
import { BotsSection } from './BotsSection.tsx';
import { BlockedPeopleSection } from '../safety/index.ts';
import { ReadReceiptsSection } from './ReadReceiptsSection.tsx';
import { TranslationFirstSection } from './TranslationFirstSection.tsx';
import { AccountDataSection } from './AccountDataSection.tsx';
import { NotificationsSection } from '../push/index.ts';
import { updateProfile } from './profileApi.ts';
import { errorMessage } from '../../lib/errorMessages.ts';

/** Profile settings (/profile): avatar, username, bio, read-only e-mail. */
export function ProfilePage() {
  const t = useT();
  const { profile, setProfile } = useAuth();
  if (!profile) return <FullScreenLoader />;

  return (
    <div className="flex h-dvh flex-col">
      <header className="shrink-0 border-b border-border bg-card pt-[env(safe-area-inset-top)]">
        <div className="mx-auto flex h-16 max-w-2xl items-center gap-2 px-3">
          <Button asChild variant="ghost" size="icon">
            <Link to="/" aria-label={t('general.back')} data-testid="profile-back">
              <ArrowLeft className="size-5 rtl:-scale-x-100" />
            </Link>
          </Button>
          <div className="min-w-0">
            <h1 className="truncate text-base font-semibold">{t('general.profileTitle')}</h1>
            <p className="truncate text-xs text-muted-foreground">{t('general.profileSubtitle')}</p>
          </div>
        </div>
      </header>
      <main className="min-h-0 flex-1 overflow-y-auto px-4 py-6">
        <Card className="mx-auto w-full max-w-2xl animate-in-up">
          <CardContent className="flex flex-col gap-6 pt-6">
            <div className="flex flex-col items-center gap-2">
              <AvatarUpload profile={profile} onUploaded={setProfile} />
              <p className="mt-2 text-lg font-semibold" data-testid="profile-username">{profile.username}</p>
            </div>
            <ProfileForm key={profile.id} profile={profile} onSaved={setProfile} />
          </CardContent>
        </Card>
        <NotificationsSection />
        <SecuritySection />
        <TokensSection />
        <BotsSection language={profile.language} />
        <TranslationFirstSection />
        <ReadReceiptsSection />
        <BlockedPeopleSection />
        <AccountDataSection />
      </main>
    </div>
  );
}

function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: (profile: Profile) => void }) {
  const t = useT();
  const [username, setUsername] = useState(profile.username);
  const [bio, setBio] = useState(profile.bio ?? '');
  const [saving, setSaving] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setSaving(true);
    try {
      const saved = await updateProfile({ username: username.trim(), bio: bio.trim() ? bio : null });
      onSaved(saved);
      toast.success(t('general.profileUpdated'), { description: t('general.profileUpdatedDescription') });
    } catch (error) {
      console.error('Profile update failed', error);
      toast.error(t('general.updateFailed'), { description: errorMessage(error, t, 'general.updateFailedDescription') });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="flex flex-col gap-5" onSubmit={submit} data-testid="profile-form">
      <div className="flex flex-col gap-2">
        <Label htmlFor="profile-username-input">{t('general.username')}</Label>
        <Input
          id="profile-username-input"
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoComplete="username"
          required
        />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="profile-bio">{t('general.bio')}</Label>
        <Textarea id="profile-bio" rows={4} value={bio} onChange={(e) => setBio(e.target.value)} placeholder={t('general.bioPlaceholder')} />
      </div>
      <div className="flex flex-col gap-2">
        <Label htmlFor="profile-email">{t('general.email')}</Label>
        <Input id="profile-email" type="email" value={profile.email} readOnly aria-describedby="profile-email-note" />
        <p id="profile-email-note" className="text-xs text-muted-foreground">{t('general.emailReadOnly')}</p>
      </div>
      <Button type="submit" size="lg" disabled={saving} className="w-full sm:w-auto sm:self-end" data-testid="profile-save">
        {saving && <LoaderCircle className="animate-spin" aria-hidden="true" />}
        {saving ? t('general.saving') : t('general.saveChanges')}
      </Button>
    </form>
  );
}
