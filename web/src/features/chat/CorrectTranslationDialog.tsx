import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import type { ChatMessage } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { Label } from '../../components/ui/label.tsx';
import { Textarea } from '../../components/ui/textarea.tsx';
import { isApiError } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.tsx';
import { chatApi } from './chatApi.ts';
import { changedPhrase } from './conversationTools.ts';
import { glossaryKey } from './GlossaryDialog.tsx';
import type { ViewMessage } from './messages.ts';

interface CorrectTranslationDialogProps {
  roomId: string;
  message: ViewMessage | null;
  onClose: () => void;
  /** The corrected row (also delivered by the socket; this makes it immediate). */
  onCorrected: (message: ChatMessage) => void;
}

/** 'This should say ...': a participant fixes a translation, and may keep a phrase pair for the conversation. */
export function CorrectTranslationDialog({ roomId, message, onClose, onCorrected }: CorrectTranslationDialogProps) {
  const t = useT();
  return (
    <Dialog open={message !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent closeLabel={t('general.close')} data-testid="correct-dialog">
        {message && <CorrectForm key={message.id} roomId={roomId} message={message} onClose={onClose} onCorrected={onCorrected} />}
      </DialogContent>
    </Dialog>
  );
}

function CorrectForm({ roomId, message, onClose, onCorrected }: { roomId: string; message: ViewMessage; onClose: () => void; onCorrected: (m: ChatMessage) => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const current = message.translated_content ?? '';
  const [text, setText] = useState(current);
  const [sourcePhrase, setSourcePhrase] = useState('');
  const [targetPhrase, setTargetPhrase] = useState('');
  const [targetTouched, setTargetTouched] = useState(false);
  // Until the user edits it, the target phrase follows the words they changed.
  const shownTarget = targetTouched ? targetPhrase : changedPhrase(message.machine_translation ?? current, text);

  const save = useMutation({
    mutationFn: () =>
      chatApi.correct(roomId, message.id, text.trim(), sourcePhrase.trim() && shownTarget.trim() ? { sourcePhrase: sourcePhrase.trim(), targetPhrase: shownTarget.trim() } : undefined),
    onSuccess: (result) => {
      onCorrected(result.message);
      if (result.entry) void queryClient.invalidateQueries({ queryKey: glossaryKey(roomId) });
      toast.success(t('chat.correctionSaved'));
      onClose();
    },
    onError: (error) => {
      console.error('Could not save the correction', error);
      // The server says which phrase does not fit; anything else gets the general message.
      const detail = isApiError(error) && error.status === 400 ? error.message : t('chat.correctionFailed');
      toast.error(t('chat.error'), { description: detail });
    },
  });

  const blank = !text.trim();
  const unchanged = text.trim() === current.trim() && !sourcePhrase.trim();
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!blank && !unchanged && !save.isPending) save.mutate();
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{t('chat.correctTitle')}</DialogTitle>
        <DialogDescription className="whitespace-pre-wrap break-words" data-testid="correct-original">{message.content}</DialogDescription>
      </DialogHeader>
      <div className="grid gap-1.5">
        <Label htmlFor="correct-text">{t('chat.shouldSay')}</Label>
        <Textarea id="correct-text" value={text} onChange={(e) => setText(e.target.value)} rows={3} maxLength={5000} data-testid="correct-text" />
      </div>
      <fieldset className="grid gap-2 rounded-lg border border-border p-3">
        <legend className="px-1 text-xs font-medium text-muted-foreground">{t('chat.rememberHint')}</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          <div className="grid gap-1">
            <Label htmlFor="correct-source" className="text-xs">{t('chat.rememberPhrase')}</Label>
            <Input id="correct-source" value={sourcePhrase} onChange={(e) => setSourcePhrase(e.target.value)} maxLength={100} autoComplete="off" data-testid="correct-source-phrase" />
          </div>
          <div className="grid gap-1">
            <Label htmlFor="correct-target" className="text-xs">{t('chat.rememberTranslation')}</Label>
            <Input
              id="correct-target"
              value={shownTarget}
              onChange={(e) => {
                setTargetTouched(true);
                setTargetPhrase(e.target.value);
              }}
              maxLength={100}
              autoComplete="off"
              data-testid="correct-target-phrase"
            />
          </div>
        </div>
      </fieldset>
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onClose} data-testid="correct-cancel">
          {t('chat.cancel')}
        </Button>
        <Button type="submit" disabled={blank || unchanged || save.isPending} data-testid="correct-save">
          {save.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {t('chat.saveCorrection')}
        </Button>
      </DialogFooter>
    </form>
  );
}
