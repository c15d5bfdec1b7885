import { useId, useState, type ChangeEvent } from 'react';
import { toast } from 'sonner';
import { Camera, LoaderCircle } from 'lucide-react';
import type { Profile } from '@parley/common';
import { UserAvatar } from '../../components/ui/avatar.tsx';
import { isApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';
import { cn } from '../../lib/utils.ts';
import { checkAvatarFile, uploadAvatar } from './profileApi.ts';
import { errorMessage } from '../../lib/errorMessages.ts';

/** The profile avatar with a camera control that uploads a new image (accept image/*, at most 5 MB). */
export function AvatarUpload({ profile, onUploaded }: { profile: Profile; onUploaded: (profile: Profile) => void }) {
  const t = useT();
  const inputId = useId();
  const [uploading, setUploading] = useState(false);

  const fail = (reason: string) => toast.error(t('general.uploadFailed'), { description: reason });

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.value = ''; // picking the same file again fires change again
    if (!file) return;
    const problem = checkAvatarFile(file);
    if (problem) {
      fail(t(problem === 'notImage' ? 'general.chooseImageFile' : 'general.imageTooLarge'));
      return;
    }
    setUploading(true);
    try {
      onUploaded(await uploadAvatar(file));
      toast.success(t('general.avatarUploaded'));
    } catch (error) {
      console.error('Avatar upload failed', error);
      const tooLarge = isApiError(error) && (error.status === 413 || error.code === 'image_too_large');
      const invalid = isApiError(error) && error.code === 'invalid_image';
      fail(tooLarge ? t('general.imageTooLarge') : invalid ? t('general.chooseImageFile') : errorMessage(error, t, 'general.uploadFailedDescription'));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className="relative">
      <UserAvatar username={profile.username} src={profile.avatar_url} className="size-24 text-2xl shadow-md ring-4 ring-card" />
      <label
        htmlFor={inputId}
        title={t('general.changeAvatar')}
        className={cn(
          'absolute -bottom-1 -end-1 flex size-9 cursor-pointer items-center justify-center rounded-full border-2 border-card',
          'bg-primary text-primary-foreground shadow-md transition-colors hover:bg-primary/90',
          'focus-within:ring-2 focus-within:ring-ring focus-within:ring-offset-2',
          uploading && 'pointer-events-none opacity-70',
        )}
      >
        {uploading ? <LoaderCircle className="size-4 animate-spin" aria-hidden="true" /> : <Camera className="size-4" aria-hidden="true" />}
        <span className="sr-only">{uploading ? t('general.uploading') : t('general.changeAvatar')}</span>
        <input
          id={inputId}
          type="file"
          accept="image/*"
          className="sr-only"
          disabled={uploading}
          onChange={(e) => void onChange(e)}
          data-testid="avatar-input"
        />
      </label>
    </div>
  );
}
