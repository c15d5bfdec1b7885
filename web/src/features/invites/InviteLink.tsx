import { useState } from 'react';
import { Check, Copy, Share2 } from 'lucide-react';
import { Button } from '../../components/ui/button.tsx';
import { useT } from '../../lib/i18n.tsx';
import { loadToast } from '../../lib/toaster.tsx';

/**
 * An invite link shown whole (it wraps on a phone, never cut at the edge), with Copy (the clipboard) and Share
 * (the system share sheet, where the browser has the Web Share API), as messengers offer a group's link.
 */
export function InviteLink({ url, testId = 'invite-link' }: { url: string; testId?: string }) {
  const t = useT();
  const [copied, setCopied] = useState(false);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
      void loadToast().then((toast) => toast.success(t('members.inviteCopied'), { id: 'invite-copied' }));
    } catch (error) {
      console.warn('Could not copy the invite link', error);
      void loadToast().then((toast) => toast.error(t('members.inviteCopyFailed')));
    }
  };
  const share = async () => {
    try {
      await navigator.share({ title: 'Parley', text: t('members.inviteShareText'), url });
    } catch (error) {
      // Closing the share sheet is no failure.
      if (!(error instanceof DOMException && error.name === 'AbortError')) console.warn('Could not share the invite link', error);
    }
  };
  return (
    <div className="flex flex-col gap-2">
      <p
        className="select-all break-all rounded-lg border border-border bg-muted px-3 py-2 font-mono text-xs"
        aria-label={t('members.inviteLinkLabel')}
        data-testid={testId}
      >
        {url}
      </p>
      <div className="flex flex-wrap gap-2">
        <Button type="button" size="sm" onClick={() => void copy()} data-testid={`${testId}-copy`}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? t('members.inviteCopied') : t('members.inviteCopy')}
        </Button>
        {canShare && (
          <Button type="button" size="sm" variant="outline" onClick={() => void share()} data-testid={`${testId}-share`}>
            <Share2 aria-hidden="true" />
            {t('members.inviteShare')}
          </Button>
        )}
      </div>
    </div>
  );
}
