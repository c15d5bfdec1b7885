import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowRight, Check, LoaderCircle, Pencil, Trash2, X } from 'lucide-react';
import { toast } from 'sonner';
import type { GlossaryEntryView } from '@parley/common';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { Input } from '../../components/ui/input.tsx';
import { useT } from '../../lib/i18n.tsx';
import { chatApi } from './chatApi.ts';

export const glossaryKey = (roomId: string) => ['chat', roomId, 'glossary'] as const;

/** The conversation glossary from the header: every phrase pair the two agreed on, editable by either. */
export function GlossaryDialog({ roomId, open, onOpenChange }: { roomId: string; open: boolean; onOpenChange: (open: boolean) => void }) {
  const t = useT();
  const entries = useQuery({
    queryKey: glossaryKey(roomId),
    queryFn: ({ signal }) => chatApi.glossary(roomId, signal),
    enabled: open,
    staleTime: 0,
  });
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel={t('general.close')} data-testid="glossary-dialog">
        <DialogHeader>
          <DialogTitle>{t('chat.glossary')}</DialogTitle>
          <DialogDescription>{t('chat.glossaryDescription')}</DialogDescription>
        </DialogHeader>
        {entries.isPending ? (
          <LoaderCircle className="mx-auto animate-spin text-muted-foreground" aria-hidden="true" />
        ) : entries.data?.length ? (
          <ul className="grid gap-2" data-testid="glossary-list">
            {entries.data.map((entry) => <EntryRow key={entry.id} roomId={roomId} entry={entry} />)}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground" data-testid="glossary-empty">{t('chat.glossaryEmpty')}</p>
        )}
      </DialogContent>
    </Dialog>
  );
}

function EntryRow({ roomId, entry }: { roomId: string; entry: GlossaryEntryView }) {
  const t = useT();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);
  const [source, setSource] = useState(entry.sourcePhrase);
  const [target, setTarget] = useState(entry.targetPhrase);
  const refresh = () => queryClient.invalidateQueries({ queryKey: glossaryKey(roomId) });
  const failed = (error: unknown) => {
    console.error('Could not change the glossary', error);
    toast.error(t('chat.error'), { description: t('chat.glossaryFailed') });
  };
  const update = useMutation({
    mutationFn: () => chatApi.updateGlossaryEntry(roomId, entry.id, source.trim(), target.trim()),
    onSuccess: async () => {
      await refresh();
      setEditing(false);
    },
    onError: failed,
  });
  const remove = useMutation({ mutationFn: () => chatApi.deleteGlossaryEntry(roomId, entry.id), onSuccess: refresh, onError: failed });

  const langs = <span className="shrink-0 text-[10px] font-semibold uppercase text-muted-foreground">{entry.sourceLanguage}→{entry.targetLanguage}</span>;
  if (editing) {
    return (
      <li className="flex items-center gap-2" data-testid="glossary-entry" data-editing="true">
        {langs}
        <Input value={source} onChange={(e) => setSource(e.target.value)} maxLength={100} aria-label={t('chat.rememberPhrase')} data-testid="glossary-source-input" />
        <Input value={target} onChange={(e) => setTarget(e.target.value)} maxLength={100} aria-label={t('chat.rememberTranslation')} data-testid="glossary-target-input" />
        <Button size="icon" variant="ghost" disabled={!source.trim() || !target.trim() || update.isPending} onClick={() => update.mutate()} aria-label={t('chat.save')} data-testid="glossary-save">
          {update.isPending ? <LoaderCircle className="animate-spin" aria-hidden="true" /> : <Check aria-hidden="true" />}
        </Button>
        <Button size="icon" variant="ghost" onClick={() => setEditing(false)} aria-label={t('chat.cancel')}>
          <X aria-hidden="true" />
        </Button>
      </li>
    );
  }
  return (
    <li className="flex items-center gap-2 rounded-lg border border-border px-3 py-2 text-sm" data-testid="glossary-entry">
      {langs}
      <span className="min-w-0 flex-1 break-words" data-testid="glossary-pair">
        {entry.sourcePhrase} <ArrowRight className="inline size-3.5 text-muted-foreground" aria-hidden="true" /> <strong>{entry.targetPhrase}</strong>
      </span>
      <Button size="icon" variant="ghost" onClick={() => setEditing(true)} aria-label={t('chat.glossaryEdit')} title={t('chat.glossaryEdit')} data-testid="glossary-edit">
        <Pencil aria-hidden="true" />
      </Button>
      <Button size="icon" variant="ghost" disabled={remove.isPending} onClick={() => remove.mutate()} aria-label={t('chat.glossaryDelete')} title={t('chat.glossaryDelete')} data-testid="glossary-delete">
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}
