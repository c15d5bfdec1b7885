import { useCallback, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { toast } from 'sonner';
import { useI18n } from '../../lib/i18n.tsx';
import { useLinkStatus } from '../../lib/network.ts';
import { askNotificationPermission } from '../../lib/notify.ts';
import { useConnectionState, useRealtimeClient } from '../../lib/realtime.ts';
import { limitInMb } from '@parley/common/client';
import { useAuth } from '../auth/index.ts';
import { contextLabel } from './relationships.ts';
import { chatApi, type OpenChat } from './chatApi.ts';
import { Composer, type SendOptions } from './Composer.tsx';
import { ConversationToolsContext, type ConversationTools } from './conversationTools.ts';
import { CorrectTranslationDialog } from './CorrectTranslationDialog.tsx';
import { ReportDialog, type ReportTarget } from '../safety/index.ts';
import { GlossaryDialog } from './GlossaryDialog.tsx';
import { IntegrationsDialog } from './IntegrationsDialog.tsx';
import type { ViewMessage } from './messages.ts';
import { ContextDialog, contextKey } from './ContextDialog.tsx';
import { ConversationHeader } from './ConversationHeader.tsx';
import { MessageList } from './MessageList.tsx';
import { OfflineNotice } from './OfflineNotice.tsx';
import { TranslationPreview } from './TranslationPreview.tsx';
import { useConversation } from './useConversation.ts';
import { requestJump, useJumpToMessage } from './jumpToMessage.ts';
import { MessageSearch } from './messageSearch/MessageSearch.tsx';
import { seenMarker } from './receipts/readReceipts.ts';
import { SeenMarker } from './receipts/SeenMarker.tsx';
import { useReadMarks } from './receipts/useReadMarks.ts';
import { VoiceButton } from './media/MediaButtons.tsx';
import { AttachButton } from './media/documents/AttachButton.tsx';
import { useFileMaxBytes } from './media/documents/documentsApi.ts';
import { MediaUploadsContext, useMediaUploads } from './media/useMediaUploads.ts';
import { photoForUpload } from './media/photo.ts';
import { useCoverage } from '../language/index.ts';
import { groupCoverageNotices, groupLanguages, typingLine } from './roomText.ts';
import { isApiError } from '../../lib/api.ts';
import { useTyping } from './useTyping.ts';
import { errorMessage } from '../../lib/errorMessages.ts';
import { ComposerBanner, type ComposerMode } from './life/ComposerBanner.tsx';
import { DeleteMessageDialog } from './life/DeleteMessageDialog.tsx';
import { quoteText } from './life/quote.ts';
import { useConversationSlots } from './slots.tsx';
import { BlockNotice, useBlockedIds } from './BlockNotice.tsx';
import { displayLanguageName, joinNames } from '../../lib/names.ts';
import { useListedRoom, useMembers, useRoomNames } from './members.ts';
import { MentionNamesContext, type MentionNames } from './mentions/MentionText.tsx';
import type { Mentionable } from './mentions/useMentionSuggestions.tsx';

/** Chat tab, conversation mode: header, messages and the input, full height of the main area. */
export function ConversationView({ chat, onBack }: { chat: OpenChat; onBack: () => void }) {
  const { t, language } = useI18n();
  const { user, profile } = useAuth();
  const client = useRealtimeClient();
  const connection = useConnectionState();
  const link = useLinkStatus();
  const [contextOpen, setContextOpen] = useState(false);
  const [glossaryOpen, setGlossaryOpen] = useState(false);
  const [integrationsOpen, setIntegrationsOpen] = useState(false);
  const [correcting, setCorrecting] = useState<ViewMessage | null>(null);
  const [reporting, setReporting] = useState<ReportTarget | null>(null);
  const [restore, setRestore] = useState<{ text: string } | null>(null);
  const [infoOpen, setInfoOpen] = useState(false);
  const [searchOpen, setSearchOpen] = useState(false);
  // Reply to or edit a message (issue 25): the composer's bar, and the text put in the input to edit.
  const [mode, setMode] = useState<ComposerMode | null>(null);
  const [fill, setFill] = useState<{ text: string } | null>(null);
  const [deleting, setDeleting] = useState<ViewMessage | null>(null);
  // The server refused a send in this pair (a block either way): the composer gives way to the notice.
  const [refused, setRefused] = useState(false);
  const blockedIds = useBlockedIds();
  const { CallButton, GroupInfo, ReadOnlyNotice } = useConversationSlots();
  const myId = user?.id ?? '';
  const translationFirst = profile?.translation_first === true;
  const isGroup = chat.kind === 'group';
  // The room as listed (a group's name and register; a pair whose partner deleted their account has no otherUser).
  const room = useListedRoom(chat.roomId, true);
  const partnerGone = !isGroup && room !== undefined && room.otherUser === null;
  const members = useMembers(chat.roomId, isGroup).data;
  // Members and former members: who said what never changes when someone leaves or is removed (issue 38).
  const names = useRoomNames(chat.roomId, members);
  // An admin removed me: the history up to that moment, read-only, until I delete it.
  const readOnly = room?.readOnly === true;
  // Spec section 4: the partner's language falls back to the user's own.
  const partnerLanguage = chat.partner?.language || profile?.language || language;
  const name = isGroup ? (room?.name ?? chat.name) : partnerGone ? t('chat.deletedUser') : chat.partner?.username || chat.name;
  const myLanguage = profile?.language || language;
  const pairPartner = !isGroup && !partnerGone && chat.partner?.id ? { id: chat.partner.id, username: chat.partner.username || name } : undefined;
  // Honest coverage (from /api/languages): say before anyone types which direction arrives untranslated.
  const serves = useCoverage();
  const named = (code: string, standalone = false) => displayLanguageName(code, language, standalone);
  const coverageNotices = isGroup
    ? groupCoverageNotices(members ?? [], { id: myId, language: myLanguage }, serves, t, named, language)
    : [
        serves(myLanguage, partnerLanguage) === false
          ? t('chat.cannotTranslateOut', { from: named(myLanguage), to: named(partnerLanguage) }) : null,
        serves(partnerLanguage, myLanguage) === false
          ? t('chat.cannotTranslateIn', { name, from: named(partnerLanguage), to: named(myLanguage) }) : null,
      ].filter((n): n is string => n !== null);
  // A group is read in every language of its members: the note names them all.
  const readIn = isGroup ? groupLanguages(members ?? [], myId, myLanguage) : [partnerLanguage];
  const targetLanguageName = joinNames((readIn.length ? readIn : [myLanguage]).map((code) => named(code)), language);

  const onGone = useCallback(() => {
    toast(t('chat.conversationDeleted'), { id: `gone-${chat.roomId}`, description: t('chat.conversationDeletedDescription') });
    onBack();
  }, [t, chat.roomId, onBack]);

  const fileMaxBytes = useFileMaxBytes();
  const onSendError = useCallback(
    (error: unknown, content: string) => {
      console.error('The server refused the message', error);
      // A block (either way) or a partner who deleted their account: "You can't message {name}", never why.
      const cannot = isApiError(error) && error.code === 'cannot_message';
      const partnerName = !isGroup && chat.partner?.username;
      // A file queued before the limit was known (offline at start) can still meet the server's 413: the limit is named.
      const tooLarge = fileMaxBytes !== undefined ? t('documents.tooLargeLimit', { mb: limitInMb(fileMaxBytes) }) : t('documents.tooLarge');
      const fileRefused = isApiError(error) && (error.code === 'file_too_large' || error.code === 'invalid_file') ? (error.code === 'file_too_large' ? tooLarge : t('documents.invalid')) : null;
      toast.error(t('chat.error'), { description: cannot ? (partnerName ? t('phone.cannotMessageName', { name: partnerName }) : t('safety.cannotMessage')) : (fileRefused ?? t('chat.sendFailed')) });
      if (cannot && partnerName) setRefused(true);
      setRestore({ text: content }); // nothing typed is lost: it comes back into the input
    },
    [t, isGroup, chat.partner?.username, fileMaxBytes],
  );

  const conversation = useConversation({ roomId: chat.roomId, myId, onGone, onSendError });
  const typing = useTyping(chat.roomId, myId);
  const onMissingMessage = useCallback(() => toast(t('chat.messageUnavailable')), [t]);
  useJumpToMessage(chat.roomId, !conversation.loading, conversation.loadAround, onMissingMessage);

  const uploads = useMediaUploads(chat.roomId, myId, conversation.merge);
  // @mentions: who the composer suggests (a group's other members, @all for its admins; a pair's partner), and the
  // current names mentions show.
  const mentionables: Mentionable[] = !isGroup ? (pairPartner ? [pairPartner] : [])
    : [...(members ?? []).filter((m) => m.id !== myId).map((m) => ({ id: m.id, username: m.username })), ...(room?.isAdmin ? [{ id: 'all', username: 'all' }] : [])];
  const mentionNames: MentionNames = {
    myId, nameOf: (id) => names.get(id) ?? (id === pairPartner?.id ? pairPartner.username : id === myId ? profile?.username : undefined),
  };
  const uploadActions = useMemo(() => ({ retry: uploads.retry, discard: uploads.discard }), [uploads.retry, uploads.discard]);
  // An upload the socket already delivered shows once: as the server's message.
  const messages = useMemo(() => {
    const delivered = new Set(conversation.messages.map((m) => m.client_id));
    const pending = uploads.messages.filter((m) => !delivered.has(m.client_id));
    return pending.length ? [...conversation.messages, ...pending] : conversation.messages;
  }, [conversation.messages, uploads.messages]);

  // Read receipts: off in my profile hides them both ways (the server enforces it too).
  const marks = useReadMarks(chat.roomId, myId, profile?.read_receipts !== false);
  const seen = useMemo(() => seenMarker(conversation.messages, myId, marks), [conversation.messages, myId, marks]);

  const { react, edit } = conversation;
  const tools = useMemo<ConversationTools>(() => {
    // A message whose sender is gone (sender_id null) is from a deleted account.
    const nameOf = isGroup ? (id: string | null | undefined) => (id ? names.get(id) : t('chat.deletedUser')) : undefined;
    const bots = new Set((members ?? []).filter((m) => m.bot).map((m) => m.id));
    const isBot = (id: string | null | undefined) => Boolean(id && bots.has(id));
    const onReport = (m: ViewMessage) => {
      if (m.sender_id) setReporting({ user: { id: m.sender_id, username: nameOf?.(m.sender_id) ?? name }, messageId: m.id });
    };
    const byId = new Map(messages.map((m) => [m.id, m]));
    const excerpt = (m: ViewMessage) =>
      quoteText({ id: m.id, sender_id: m.sender_id, content: m.content, translated_content: m.translated_content, deleted: false }, m, myId, t).text;
    const all: ConversationTools = {
      roomId: chat.roomId, myId, partnerName: name, onCorrect: setCorrecting, onReport, nameOf, isBot, translationFirst,
      messageById: (id) => byId.get(id),
      onReply: (m) => {
        setMode({ kind: 'reply', messageId: m.id, name: m.sender_id === myId ? t('chat.reactionYou') : (nameOf?.(m.sender_id) ?? name), excerpt: excerpt(m) });
        setFill(null);
      },
      onEdit: (m) => {
        setMode({ kind: 'edit', messageId: m.id, name: '', excerpt: m.content });
        setFill({ text: m.content });
      },
      onDelete: setDeleting,
      onReact: (m, emoji, active) => {
        react(m.id, emoji, active).catch((error: unknown) => toast.error(t('chat.reactionFailed'), { description: errorMessage(error, t, 'general.errorServer') }));
      },
      onJump: (id) => requestJump(chat.roomId, id),
    };
    // Read-only (removed from the group): reading and jumping to quotes only, nothing that would write.
    if (!readOnly) return all;
    return { roomId: all.roomId, myId, partnerName: name, onCorrect: all.onCorrect, nameOf, isBot, translationFirst, messageById: all.messageById, onJump: all.onJump };
  }, [chat.roomId, myId, name, names, members, isGroup, messages, react, t, readOnly, translationFirst]);

  // A pair's relationship context; a group has a register instead (group info).
  const context = useQuery({
    queryKey: contextKey(chat.roomId),
    queryFn: ({ signal }) => chatApi.getContext(chat.roomId, signal),
    retry: false,
    enabled: !isGroup,
  });

  const send = useCallback(
    async (content: string, options?: SendOptions) => {
      const current = mode;
      setMode(null);
      if (current?.kind === 'edit') {
        setFill(null);
        try {
          await edit(current.messageId, content);
        } catch (error) {
          toast.error(t('chat.editFailed'), { description: errorMessage(error, t, 'general.errorServer') });
          setRestore({ text: content });
        }
        return;
      }
      // After the first message sent (a moment the user understands), not on first load.
      askNotificationPermission();
      setRefused(false); // a new try: the server's answer says again if it is refused
      await conversation.send(content, current?.kind === 'reply' ? current.messageId : undefined, options);
    },
    [conversation, mode, edit, t],
  );
  const cancelMode = useCallback(() => {
    if (mode?.kind === 'edit') setFill({ text: '' });
    setMode(null);
  }, [mode]);

  return (
    <MentionNamesContext.Provider value={mentionNames}>
    <section className="flex h-full min-h-0 flex-col" data-testid="chat-tab" data-view="conversation" data-room-id={chat.roomId}>
      <ConversationHeader
        roomId={chat.roomId}
        name={name}
        bot={!isGroup && room?.otherUser?.bot === true}
        partnerLanguageName={displayLanguageName(partnerLanguage, language, true)}
        group={isGroup ? { initials: room?.avatarInitials ?? '', memberCount: readOnly ? names.size : (room?.memberCount ?? members?.length ?? 0), onInfo: () => setInfoOpen(true) } : undefined}
        connection={connection}
        link={link}
        contextLabel={contextLabel(context.data, t)}
        onBack={onBack}
        onJoin={() => client.reconnect()}
        onContext={() => setContextOpen(true)}
        onGlossary={() => setGlossaryOpen(true)}
        onIntegrations={!isGroup && !partnerGone ? () => setIntegrationsOpen(true) : undefined}
        onSearch={() => setSearchOpen((open) => !open)}
        partner={pairPartner}
        callButton={!isGroup && !partnerGone && chat.partner?.id ? <CallButton roomId={chat.roomId} partner={{ id: chat.partner.id, username: chat.partner.username || name, language: chat.partner.language }} /> : undefined}
      />
      {link === 'offline' && <OfflineNotice />}
      {searchOpen && (
        <div className="flex max-h-[55%] shrink-0 flex-col border-b border-border bg-card">
          <div className="mx-auto flex min-h-0 w-full max-w-3xl flex-col p-2">
            <MessageSearch
              roomId={chat.roomId}
              autoFocus
              onClose={() => setSearchOpen(false)}
              onPick={(hit) => {
                setSearchOpen(false);
                requestJump(chat.roomId, hit.id);
              }}
            />
          </div>
        </div>
      )}
      <ConversationToolsContext.Provider value={tools}>
        <MediaUploadsContext.Provider value={uploadActions}>
          <MessageList
            messages={messages} myId={myId} loading={conversation.loading} online={link === 'online'} group={isGroup}
            after={seen && { messageId: seen.messageId, node: <SeenMarker marker={seen} group={isGroup} nameOf={(id) => tools.nameOf?.(id) ?? name} /> }}
          />
        </MediaUploadsContext.Provider>
      </ConversationToolsContext.Provider>
      {readOnly && room ? (
        <ReadOnlyNotice room={room} onDeleted={onBack} />
      ) : partnerGone ? (
        <p className="border-t px-4 py-3 text-center text-sm text-muted-foreground" data-testid="partner-deleted-notice">{t('safety.cannotMessage')}</p>
      ) : pairPartner && blockedIds.has(pairPartner.id) ? (
        <BlockNotice partner={pairPartner} kind="blocked" />
      ) : <>{refused && pairPartner && <BlockNotice partner={pairPartner} kind="refused" />}<Composer
        targetLanguageName={targetLanguageName}
        onTyping={typing.typed}
        mentionables={mentionables}
        typingLine={typingLine(typing.typingIds.filter((id) => !blockedIds.has(id)).map((id) => tools.nameOf?.(id) ?? (isGroup ? t('chat.groupSomeone') : name)), t)}
        coverageNotices={coverageNotices}
        onSend={send}
        linkPreviews={mode?.kind !== 'edit'}
        restore={restore}
        fill={fill}
        banner={mode ? <ComposerBanner mode={mode} onCancel={cancelMode} /> : undefined}
        renderPreview={(draft) => <TranslationPreview roomId={chat.roomId} draft={draft} />}
        leading={<AttachButton onPhoto={(file) => void photoForUpload(file).then((photo) => uploads.send('photo', photo))} onFile={(file) => void conversation.sendFile(file)} />}
        trailing={<VoiceButton onVoice={(kind, wav, durationMs) => uploads.send(kind, wav, durationMs)} />}
      /></>}
      {isGroup && room && !readOnly && infoOpen && (
        <GroupInfo room={room} members={members} myId={myId} open={infoOpen} onOpenChange={setInfoOpen} onLeft={onBack} />
      )}
      <ContextDialog roomId={chat.roomId} open={contextOpen} onOpenChange={setContextOpen} initial={context.data?.description ?? ''} />
      <GlossaryDialog roomId={chat.roomId} open={glossaryOpen} onOpenChange={setGlossaryOpen} />
      {/* A pair's webhooks (issue 35); a group's are in its info panel. */}
      <IntegrationsDialog roomId={chat.roomId} open={integrationsOpen} onOpenChange={setIntegrationsOpen} />
      <ReportDialog target={reporting} onClose={() => setReporting(null)} />
      <DeleteMessageDialog message={deleting} onClose={() => setDeleting(null)} onDelete={conversation.remove} />
      <CorrectTranslationDialog roomId={chat.roomId} message={correcting} onClose={() => setCorrecting(null)} onCorrected={conversation.merge} />
    </section>
    </MentionNamesContext.Provider>
  );
}
