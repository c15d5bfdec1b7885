import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ConversationListItem, SessionResponse } from '@parley/common';
import type { LanguageCode } from '@parley/common/languages';
import { AppRoutes, provideMainPage } from '../App.tsx';
import { AuthProvider, SESSION_QUERY_KEY } from '../features/auth/AuthProvider.tsx';
import { CHATS_KEY } from '../features/chat/chatApi.ts';
import { MainPage } from '../features/shell/MainPage.tsx';
import { loadAllEnglish } from '../lib/english.ts';
import { I18nProvider, preloadCatalog } from '../lib/i18n.tsx';
import { withStoredLanguage } from '../lib/userLanguage.ts';

// The server renders synchronously: the signed-in app must not be behind React.lazy here.
provideMainPage(MainPage);

export interface SignedInPageInput {
  session: SessionResponse;
  conversations: ConversationListItem[];
  /** The reader's interface language (their profile's), which the device normally has stored. */
  language: LanguageCode;
}

/**
 * The conversation list (header, list, tab bar) as HTML, drawn on the server for a signed-in GET /
 * (server/src/webPage.ts loads this module from the SSR build, dist/.ssr/). The phone paints it as
 * soon as the page arrives; the app then renders the same screen over it (main.tsx). It is the
 * app's own components with the data the page embeds, so the two cannot drift apart.
 */
export async function renderSignedInPage({ session, conversations, language }: SignedInPageInput): Promise<string> {
  await Promise.all([preloadCatalog(language), loadAllEnglish()]);
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  client.setQueryData(SESSION_QUERY_KEY, session);
  client.setQueryData(CHATS_KEY, conversations);
  try {
    return withStoredLanguage(language, () =>
      renderToString(
        <QueryClientProvider client={client}>
          <I18nProvider initialLanguage={language}>
            <AuthProvider>
              <MemoryRouter initialEntries={['/']}>
                <AppRoutes />
              </MemoryRouter>
            </AuthProvider>
          </I18nProvider>
        </QueryClientProvider>,
      ),
    );
  } finally {
    client.clear();
  }
}
