import { useEffect, useState, type RefObject } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Users, X } from 'lucide-react';
import { toast } from 'sonner';
import type { PickerRelationshipType, StartChatResponse, UserSearchResult } from '@parley/common';
import { PeopleSearchField, PersonLine } from '../../components/people.tsx';
import { Button } from '../../components/ui/button.tsx';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog.tsx';
import { errorMessage } from '../../lib/errorMessages.ts';
import { isApiError } from '../../lib/api.ts';
import { useT, type TFunction } from '../../lib/i18n.tsx';
import { useAuth } from '../auth/index.ts';
import { chatApi, openChatFromStart, RELATIONSHIP_KEYS, roomStarted, type OpenChat } from '../chat/index.ts';
import { RelationshipPicker } from './RelationshipPicker.tsx';
import { useUserSearch } from '../../lib/useUserSearch.ts';
import { SafetyMenu } from '../safety/index.ts';

export interface UserSearchDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** A chat was started (or an existing one reused): show it on the Chat tab. */
  onChatStarted: (chat: OpenChat) => void;
  /** Where focus goes back when the dialog closes without starting a chat (its trigger). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** "New group": this dialog closes and the group dialog opens. */
  onNewGroup?: () => void;
}

class NoRoomData extends Error {}
class NotSignedIn extends Error {}

/** Spec section 8: which toast a failed chat start shows. */
function chatStartError(error: unknown, t: TFunction): [string, string] {
  if (error instanceof NotSignedIn || (isApiError(error) && error.status === 401)) return [t('chat.authError'), t('chat.logInAgain')];
  if (error instanceof NoRoomData) return [t('chat.chatCreationFailed'), t('chat.noRoomData')];
  if (isApiError(error) && error.status >= 400) return [t('chat.chatCreationFailed'), t('chat.createRoomFailed', { message: errorMessage(error, t, 'chat.chatFailedDescription') })];
  return [t('chat.chatFailed'), t('chat.chatFailedDescription')];
}

/** Header search: find people by username or e-mail, pick who they are to you, start the chat. */
export function UserSearchDialog({ open, onOpenChange, onChatStarted, returnFocusTo, onNewGroup }: UserSearchDialogProps) {
  const t = useT();
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const [query, setQuery] = useState('');
  const [chosen, setChosen] = useState<UserSearchResult | null>(null);
  const search = useUserSearch(query, open);

  useEffect(() => {
    if (!search.error) return;
    console.error('User search failed', search.error);
    toast.error(t('userSearch.searchFailed'), { description: t('userSearch.searchFailedDescription') });
  }, [search.error, t]);

  const start = useMutation({
    mutationFn: async ({ partner, type }: { partner: UserSearchResult; type: PickerRelationshipType }): Promise<StartChatResponse> => {
      if (!user) throw new NotSignedIn();
      const response = await chatApi.start(partner.id, type);
      if (!response?.room || !response.partner?.chatRoomId) throw new NoRoomData();
      return response;
    },
    onSuccess: (response, { partner, type }) => {
      roomStarted(queryClient, response.room);
      setChosen(null);
      setQuery('');
      onOpenChange(false);
      onChatStarted(openChatFromStart(response));
      toast.success(t('chat.chatStarted'), {
        description: t('chat.chatStartedWith', { username: response.partner.username || partner.username, type: t(RELATIONSHIP_KEYS[type].label) }),
      });
    },
    onError: (error) => {
      console.error('Could not start the chat', error);
      const [title, description] = chatStartError(error, t);
      toast.error(title, { description });
    },
  });

  const close = () => {
    setQuery('');
    onOpenChange(false);
  };

  const users = search.users;
  return (
    <>
      <Dialog open={open && chosen === null} onOpenChange={(next) => !next && close()}>
        <DialogContent
          closeLabel={t('general.close')}
          onCloseAutoFocus={(event) => {
            if (chosen !== null || !returnFocusTo?.current) return;
            event.preventDefault();
            returnFocusTo.current.focus();
          }}
          className="top-[12%] translate-y-0 grid-cols-[minmax(0,1fr)] data-[state=open]:animate-in-fade" data-testid="user-search-dialog">
          <DialogHeader>
            <DialogTitle>{t('userSearch.title')}</DialogTitle>
            <DialogDescription>{t('userSearch.description')}</DialogDescription>
          </DialogHeader>
          {onNewGroup && (
            <Button
              variant="outline"
              className="justify-start"
              onClick={() => {
                close();
                onNewGroup();
              }}
              data-testid="new-group-button"
            >
              <Users aria-hidden="true" />
              {t('chat.groupNew')}
            </Button>
          )}
          <PeopleSearchField
            value={query}
            onChange={setQuery}
            placeholder={t('phone.userSearchPlaceholder')}
            label={t('userSearch.searchLabel')}
            searching={search.searching}
            spinnerTestId="user-search-spinner"
            className="h-11 pe-20"
            autoFocus
            testId="user-search-input"
            trailing={query && (
              <button
                type="button"
                onClick={() => setQuery('')}
                className="flex size-11 items-center justify-center rounded-md text-muted-foreground hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                aria-label={t('userSearch.clear')}
                data-testid="user-search-clear"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            )}
          />

          {search.term && users && (
            <div className="flex min-h-0 flex-col gap-2" aria-live="polite">
              {users.length > 0 ? (
                <>
                  <p className="px-1 text-xs font-medium text-muted-foreground" data-testid="user-search-count">
                    {t('userSearch.resultCount', { n: users.length })}
                  </p>
                  <ul className="-mx-2 flex max-h-80 flex-col overflow-y-auto" data-testid="user-search-results">
                    {users.map((u) => (
                      <li key={u.id} className="flex items-center gap-1">
                        <button
                          type="button"
                          onClick={() => setChosen(u)}
                          className="flex min-w-0 flex-1 items-center gap-3 rounded-xl px-2 py-2 text-start hover:bg-muted focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                          data-testid="user-result"
                          data-username={u.username}
                        >
                          <PersonLine username={u.username} bot={u.bot} detail={u.email || undefined} avatarClassName="size-10" nameClassName="" />
                        </button>
                        <SafetyMenu user={u} place="search" />
                      </li>
                    ))}
                  </ul>
                </>
              ) : (
                <p className="rounded-xl bg-muted px-4 py-6 text-center text-sm text-muted-foreground" data-testid="user-search-empty">
                  {t('userSearch.noResults', { query: search.term })}
                </p>
              )}
            </div>
          )}
        </DialogContent>
      </Dialog>

      <RelationshipPicker
        user={open ? chosen : null}
        pending={start.isPending ? (start.variables?.type ?? null) : null}
        onPick={(type) => chosen && start.mutate({ partner: chosen, type })}
        onCancel={() => setChosen(null)}
      />
    </>
  );
}
