import { useState, type FormEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { LoaderCircle } from 'lucide-react';
import { toast } from 'sonner';
import { LIMITS } from '@parley/common/client';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { useT } from '../../lib/i18n.tsx';
import { chatApi } from './chatApi.ts';

export const contextKey = (roomId: string) => ['chat', roomId, 'context'] as const;

interface ContextDialogProps {
  roomId: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The description saved so far (pre-filled). */
  initial: string;
}

/** 'Relationship Context': the user's own words about the partner; the server infers tone and formality. */
export function ContextDialog({ roomId, open, onOpenChange, initial }: ContextDialogProps) {
  const t = useT();
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('general.close')} data-testid="context-dialog">
        {open && <ContextForm roomId={roomId} initial={initial} onDone={() => onOpenChange(false)} />}
      </DialogContent>
    </Dialog>
  );
}

function ContextForm({ roomId, initial, onDone }: { roomId: string; initial: string; onDone: () => void }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [text, setText] = useState(initial);
  const save = useMutation({
    mutationFn: (description: string) => chatApi.saveContext(roomId, description),
    onSuccess: (context) => {
      queryClient.setQueryData(contextKey(roomId), context);
      toast.success(t('chat.contextSaved'), { description: t('chat.contextSavedDescription'), duration: LIMITS.contextSavedToastMs });
      onDone();
    },
    onError: (error) => {
      console.error('Could not save the relationship context', error);
      toast.error(t('chat.error'), { description: t('chat.contextSaveFailed') });
    },
  });

  const blank = text.trim().length === 0;
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!blank && !save.isPending) save.mutate(text.trim());
  };

  return (
    <form onSubmit={onSubmit} className="grid gap-4">
      <DialogHeader>
        <DialogTitle>{t('chat.relationshipContext')}</DialogTitle>
        <DialogDescription>
          <label htmlFor="relationship-context">{t('chat.whoAreYouTalkingTo')}</label>
        </DialogDescription>
      </DialogHeader>
      <Input
        id="relationship-context"
        value={text}
        onChange={(event) => setText(event.target.value)}
        placeholder={t('chat.contextPlaceholder')}
        maxLength={200}
        autoComplete="off"
        data-testid="context-input"
      />
      <DialogFooter>
        <Button variant="outline" onClick={onDone} data-testid="context-cancel">
          {t('chat.cancel')}
        </Button>
        <Button type="submit" disabled={blank || save.isPending} data-testid="context-save">
          {save.isPending && <LoaderCircle className="animate-spin" aria-hidden="true" />}
          {t('chat.save')}
        </Button>
      </DialogFooter>
    </form>
  );
}
