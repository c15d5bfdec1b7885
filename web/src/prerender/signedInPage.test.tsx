// @vitest-environment node
// The server runs this render (server/src/webPage.ts): no window, no document, no localStorage.
import { describe, expect, it } from 'vitest';
import type { ConversationListItem, SessionResponse } from '@parley/common';
import { ENGLISH_STRINGS, loadLocaleCatalog } from '@parley/common/i18n';
import { renderSignedInPage } from './signedInPage.tsx';

const session: SessionResponse = {
  user: { id: 'u1', email: 'ana@example.com' },
  profile: { id: 'u1', username: 'ana', email: 'ana@example.com', language: 'en', bio: null, avatar_url: null },
};

const conversation: ConversationListItem = {
  id: 'room-1',
  kind: 'direct',
  name: 'Chat: bruno',
  memberCount: 2,
  avatarInitials: 'B',
  register: null,
  isAdmin: false,
  created_at: '2026-11-20T10:00:00.000Z',
  lastMessage: { content: 'Hola <b>Ana</b> & co', created_at: '2026-11-20T10:05:00.000Z', sender_username: 'bruno', isFromCurrentUser: false },
  otherUser: { id: 'u2', username: 'bruno<script>', email: 'bruno@example.com', language: 'es' },
  unreadCount: 3,
};

describe('the signed-in list drawn on the server', () => {
  it("is the app's own list screen with the reader's conversations, escaped", async () => {
    const html = await renderSignedInPage({ session, conversations: [conversation], language: 'en' });
    expect(html).toContain('data-testid="app-shell"');
    expect(html).toContain('data-view="list"');
    expect(html).toContain('bruno&lt;script&gt;');
    expect(html).toContain('Hola &lt;b&gt;Ana&lt;/b&gt; &amp; co');
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<b>');
    // The socket is not open yet: the header says so, as the app's own first frame does.
    expect(html).toContain('data-link="connecting"');
    expect(html).toContain(ENGLISH_STRINGS['chat.linkConnecting']);
    // Not the language step, not a loading spinner.
    expect(html).not.toContain('data-testid="language-step"');
    expect(html).not.toContain('role="status" aria-live="polite"');
  });

  it("is drawn in the reader's language, the empty list included", async () => {
    const german = await loadLocaleCatalog('de');
    const html = await renderSignedInPage({ session: { ...session, profile: { ...session.profile, language: 'de' } }, conversations: [], language: 'de' });
    expect(html).toContain('data-testid="chat-empty"');
    expect(german['chat.noConversations']).toBeTruthy();
    expect(html).toContain(german['chat.noConversations']);
    expect(html).not.toContain(ENGLISH_STRINGS['chat.noConversations']);
    expect(html).not.toContain(ENGLISH_STRINGS['chat.noConversationsDescription']);
  });

  it('draws one reader at a time: nothing of a previous render remains', async () => {
    await renderSignedInPage({ session, conversations: [conversation], language: 'en' });
    const other = await renderSignedInPage({
      session: { user: { id: 'u9', email: 'zoe@example.com' }, profile: { ...session.profile, id: 'u9', username: 'zoe', email: 'zoe@example.com' } },
      conversations: [],
      language: 'en',
    });
    expect(other).not.toContain('bruno');
    expect(other).toContain('data-testid="chat-empty"');
  });
});
