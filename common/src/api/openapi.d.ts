// Generated from GET /api/openapi.json by `npm run openapi` (server/src/http/openapiCli.ts): do not edit.

export interface paths {
    "/api/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** This document (OpenAPI 3.1) */
        get: operations["getOpenapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create an account */
        post: operations["signUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/signin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in: sets the session cookie */
        post: operations["signIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/signout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out: ends this session */
        post: operations["signOut"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/session": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in account and its profile */
        get: operations["getSession"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/oidc/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start single sign-on: answers the provider's URL */
        post: operations["postAuthOidcStart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/oidc/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Where the provider sends the browser back (redirects into the app) */
        get: operations["getAuthOidcCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a password-reset link */
        post: operations["postAuthPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm my e-mail address from a mailed link */
        post: operations["postAuthConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/confirm/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mail a new confirmation link */
        post: operations["postAuthConfirmResend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/password-reset/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Set a new password from a mailed link */
        post: operations["postAuthPasswordResetConfirm"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Change my password (other sessions end) */
        post: operations["postAccountPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getAccountSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Sign out one of my devices */
        delete: operations["deleteAccountSessionsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/sessions/sign-out-others": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign out everywhere else */
        post: operations["postAccountSessionsSignOutOthers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/profile": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My profile */
        get: operations["getProfile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /** Change my profile (username, language, bio...) */
        patch: operations["updateProfile"];
        trace?: never;
    };
    "/api/profile/avatar": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Upload my avatar */
        post: operations["uploadAvatar"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/translate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Translate a text */
        post: operations["translateText"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/translate-text": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postFunctionsV1TranslateText"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/smart-translate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Translate between two languages, whichever the text is in */
        post: operations["postSmartTranslate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/smart-translate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postFunctionsV1SmartTranslate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/languages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getLanguages"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/engines": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getEngines"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/ui-strings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postUiStrings"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postScan"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/functions/v1/smart-image-translate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postFunctionsV1SmartImageTranslate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/scan/upload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Read and translate the text of an image (multipart) */
        post: operations["postScanUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/messages/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getMessagesSearch"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/users/search": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Find people by username or whole e-mail address */
        get: operations["searchUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** My conversations */
        get: operations["listChats"];
        put?: never;
        /** Start (or reopen) a one-to-one chat */
        post: operations["startChat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/groups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Create a group */
        post: operations["createGroup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getChatsByRoomIdMembers"];
        put?: never;
        post: operations["postChatsByRoomIdMembers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteChatsByRoomIdMembersByUserId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/members/{userId}/admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postChatsByRoomIdMembersByUserIdAdmin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/group": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["patchChatsByRoomIdGroup"];
        trace?: never;
    };
    "/api/chats/{roomId}/leave": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postChatsByRoomIdLeave"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteChatsByRoomId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/reads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getChatsByRoomIdReads"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postChatsByRoomIdRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/context": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getChatsByRoomIdContext"];
        put: operations["putChatsByRoomIdContext"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/messages": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A conversation's messages, each in my language */
        get: operations["listMessages"];
        put?: never;
        /** Send a message (translated for each reader) */
        post: operations["sendMessage"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/messages/{messageId}/retry-translation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["retryTranslation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/messages/{messageId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete my message for everyone */
        delete: operations["deleteMessage"];
        options?: never;
        head?: never;
        /** Edit my message */
        patch: operations["editMessage"];
        trace?: never;
    };
    "/api/chats/{roomId}/messages/{messageId}/reactions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postChatsByRoomIdMessagesByMessageIdReactions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Preview how a draft reads in the other languages */
        post: operations["postChatsByRoomIdPreview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/messages/{messageId}/translation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["putChatsByRoomIdMessagesByMessageIdTranslation"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/glossary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getChatsByRoomIdGlossary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/glossary/{entryId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["putChatsByRoomIdGlossaryByEntryId"];
        post?: never;
        delete: operations["deleteChatsByRoomIdGlossaryByEntryId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rpc/delete_chat_room": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postRpcDeleteChatRoom"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/rpc/mark_chat_room_messages_read": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postRpcMarkChatRoomMessagesRead"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/call-capabilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getChatsByRoomIdCallCapabilities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/calls": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Call the other person of a one-to-one chat */
        post: operations["postCalls"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/calls/current": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getCallsCurrent"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/calls/{callId}/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postCallsByCallIdAccept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/calls/{callId}/decline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postCallsByCallIdDecline"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/calls/{callId}/end": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postCallsByCallIdEnd"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/blocks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getBlocks"];
        put?: never;
        post: operations["postBlocks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/blocks/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteBlocksByUserId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Report a person or a message to the operators */
        post: operations["postReports"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Delete my account (password required) */
        post: operations["postAccountDelete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download my data (a JSON file) */
        get: operations["getAccountExport"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getAccountTokens"];
        put?: never;
        post: operations["postAccountTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteAccountTokensById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getBots"];
        put?: never;
        post: operations["postBots"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteBotsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postBotsByIdTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/bots/{id}/tokens/{tokenId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteBotsByIdTokensByTokenId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/hooks/{id}/{secret}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postHooksByIdBySecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/incoming-webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getChatsByRoomIdIncomingWebhooks"];
        put?: never;
        post: operations["postChatsByRoomIdIncomingWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/incoming-webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteChatsByRoomIdIncomingWebhooksById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/incoming-webhooks/{id}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postChatsByRoomIdIncomingWebhooksByIdRotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/outgoing-webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getChatsByRoomIdOutgoingWebhooks"];
        put?: never;
        post: operations["postChatsByRoomIdOutgoingWebhooks"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/outgoing-webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        delete: operations["deleteChatsByRoomIdOutgoingWebhooksById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/outgoing-webhooks/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postChatsByRoomIdOutgoingWebhooksByIdResume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Operators only (an administrator's session or token). */
        get: operations["getAdminWebhooks"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/incoming/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** @description Operators only (an administrator's session or token). */
        delete: operations["deleteAdminWebhooksIncomingById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/outgoing": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Operators only (an administrator's session or token). */
        post: operations["postAdminWebhooksOutgoing"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/outgoing/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** @description Operators only (an administrator's session or token). */
        delete: operations["deleteAdminWebhooksOutgoingById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/webhooks/outgoing/{id}/resume": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Operators only (an administrator's session or token). */
        post: operations["postAdminWebhooksOutgoingByIdResume"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/link-previews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postLinkPreviews"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/messages/{messageId}/link-preview/image": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getChatsByRoomIdMessagesByMessageIdLinkPreviewImage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/link-previews": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Operators only (an administrator's session or token). */
        get: operations["getAdminLinkPreviews"];
        /** @description Operators only (an administrator's session or token). */
        put: operations["putAdminLinkPreviews"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/push/key": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getPushKey"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/push/subscription": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Register this device's push subscription */
        put: operations["putPushSubscription"];
        post?: never;
        /** Forget this device's push subscription */
        delete: operations["deletePushSubscription"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/push/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getPushSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch: operations["patchPushSettings"];
        trace?: never;
    };
    "/api/chats/{roomId}/mute": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put: operations["putChatsByRoomIdMute"];
        post?: never;
        delete: operations["deleteChatsByRoomIdMute"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/speech": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A text or a message part read aloud (WAV) */
        get: operations["getSpeech"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/photos": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a photo (its text read and translated) */
        post: operations["sendPhoto"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/voice": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a voice message (transcribed and translated) */
        post: operations["sendVoice"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/media/{mediaId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A photo or recording (Range requests answer 206) */
        get: operations["getChatsByRoomIdMediaByMediaId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/files": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post: operations["postChatsByRoomIdFiles"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/files/limits": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The largest file the server takes (FILE_MAX_MB), checked by the web before an upload */
        get: operations["getFilesLimits"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/chats/{roomId}/files/{mediaId}/text": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getChatsByRoomIdFilesByMediaIdText"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/voice/capabilities": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getVoiceCapabilities"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/auth/registration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getAuthRegistration"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Operators only (an administrator's session or token). */
        get: operations["getAdminUsers"];
        put?: never;
        /**
         * Create an account
         * @description Operators only (an administrator's session or token).
         */
        post: operations["postAdminUsers"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Operators only (an administrator's session or token). */
        get: operations["getAdminUsersById"];
        put?: never;
        post?: never;
        /**
         * Delete an account
         * @description Operators only (an administrator's session or token).
         */
        delete: operations["deleteAdminUsersById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/reset-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Operators only (an administrator's session or token). */
        post: operations["postAdminUsersByIdResetLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/{action}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Operators only (an administrator's session or token). */
        post: operations["postAdminUsersByIdByAction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/invites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Operators only (an administrator's session or token). */
        get: operations["getAdminInvites"];
        put?: never;
        /**
         * Create an invite link
         * @description Operators only (an administrator's session or token).
         */
        post: operations["postAdminInvites"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/invites/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Revoke an invite link
         * @description Operators only (an administrator's session or token).
         */
        delete: operations["deleteAdminInvitesById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invites/ability": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get: operations["getInvitesAbility"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/invites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Invite someone by e-mail */
        post: operations["postInvites"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/settings/registration": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Operators only (an administrator's session or token). */
        get: operations["getAdminSettingsRegistration"];
        /** @description Operators only (an administrator's session or token). */
        put: operations["putAdminSettingsRegistration"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Operators only (an administrator's session or token). */
        get: operations["getAdminAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reports": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Operators only (an administrator's session or token). */
        get: operations["getAdminReports"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reports/{id}/{action}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Operators only (an administrator's session or token). */
        post: operations["postAdminReportsByIdByAction"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/reports/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The reported photo, recording or file as kept with the report (a download)
         * @description Operators only (an administrator's session or token).
         */
        get: operations["getAdminReportsByIdFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Operators only (an administrator's session or token). */
        get: operations["getAdminStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/integrations/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Operators only (an administrator's session or token). */
        get: operations["getAdminIntegrationsTokens"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/integrations/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** @description Operators only (an administrator's session or token). */
        delete: operations["deleteAdminIntegrationsTokensById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/integrations/bots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Operators only (an administrator's session or token). */
        get: operations["getAdminIntegrationsBots"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/integrations/bots/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** @description Operators only (an administrator's session or token). */
        delete: operations["deleteAdminIntegrationsBotsById"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/integrations/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Operators only (an administrator's session or token). */
        get: operations["getAdminIntegrationsSettings"];
        /** @description Operators only (an administrator's session or token). */
        put: operations["putAdminIntegrationsSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/translation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Operators only (an administrator's session or token). */
        get: operations["getAdminTranslation"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/translation/engines": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** @description Operators only (an administrator's session or token). */
        put: operations["putAdminTranslationEngines"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/translation/budget": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** @description Operators only (an administrator's session or token). */
        put: operations["putAdminTranslationBudget"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        Session: {
            user: {
                id: string;
                email: string;
                /** @description Present and true for administrators */
                admin?: boolean;
            };
            profile: {
                id: string;
                username: string;
                email: string;
                language: ("en" | "es" | "fr" | "de" | "it" | "pt" | "nl" | "ru" | "zh" | "ja" | "ko" | "ar" | "hi" | "th" | "vi" | "tr" | "pl" | "sv" | "ro" | "uk") | null;
                bio: string | null;
                avatar_url: string | null;
                read_receipts?: boolean;
                translation_first?: boolean;
                /** @constant */
                bot?: true;
            };
        };
        ChatMessage: {
            /** @description A serial number, as a string */
            id: string;
            chat_room_id: string;
            sender_id: string | null;
            client_id: string;
            /** @description The text as its sender wrote it */
            content: string;
            original_language: string | null;
            /** @description The text in this reader's language (null until translated, or not needed) */
            translated_content: string | null;
            target_language: string | null;
            /** @enum {string} */
            translation_status: "pending" | "done" | "failed" | "not_needed";
            translation_error: ("unsupported_pair" | "engine_failed" | "too_long" | "unchanged" | "nothing_to_translate") | null;
            unknown_spans: {
                start: number;
                end: number;
            }[] | null;
            created_at: string;
            edited_at?: string | null;
            deleted_at?: string | null;
        } & {
            [key: string]: unknown;
        };
        Error_internal: {
            error: {
                /** @enum {string} */
                code: "internal";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_database_unavailable: {
            error: {
                /** @enum {string} */
                code: "database_unavailable";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_8bd14e00: {
            error: {
                /** @enum {string} */
                code: "email_invalid" | "invalid_json" | "invalid_request" | "invalid_text" | "password_too_long" | "username_invalid" | "username_too_long" | "username_too_short" | "weak_password";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_44b51f5c: {
            error: {
                /** @enum {string} */
                code: "email_domain_not_allowed" | "forbidden_origin" | "invite_invalid" | "invite_required" | "password_sign_in_disabled" | "registration_closed";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_5dcf71a7: {
            error: {
                /** @enum {string} */
                code: "email_taken" | "username_taken";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_payload_too_large: {
            error: {
                /** @enum {string} */
                code: "payload_too_large";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_unsupported_media_type: {
            error: {
                /** @enum {string} */
                code: "unsupported_media_type";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_rate_limited: {
            error: {
                /** @enum {string} */
                code: "rate_limited";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_1d831cfe: {
            error: {
                /** @enum {string} */
                code: "email_invalid" | "invalid_json" | "invalid_request" | "invalid_text" | "password_too_long";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_invalid_credentials: {
            error: {
                /** @enum {string} */
                code: "invalid_credentials";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_81a59fe5: {
            error: {
                /** @enum {string} */
                code: "account_disabled" | "email_not_confirmed" | "forbidden_origin" | "password_sign_in_disabled";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_unauthenticated: {
            error: {
                /** @enum {string} */
                code: "unauthenticated";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_forbidden_origin: {
            error: {
                /** @enum {string} */
                code: "forbidden_origin";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_4db12a86: {
            error: {
                /** @enum {string} */
                code: "invalid_json" | "invalid_request" | "invalid_text";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_31455983: {
            error: {
                /** @enum {string} */
                code: "database_unavailable" | "oidc_unavailable";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_2fbdcc91: {
            error: {
                /** @enum {string} */
                code: "email_invalid" | "invalid_json" | "invalid_request" | "invalid_text";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_acbcd1d4: {
            error: {
                /** @enum {string} */
                code: "database_unavailable" | "mail_unavailable";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_3a548229: {
            error: {
                /** @enum {string} */
                code: "invalid_json" | "invalid_request" | "invalid_text" | "token_invalid";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_708ef345: {
            error: {
                /** @enum {string} */
                code: "token_expired" | "token_used";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_3d376d46: {
            error: {
                /** @enum {string} */
                code: "invalid_json" | "invalid_request" | "invalid_text" | "password_too_long" | "token_invalid" | "weak_password";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_43fef3a9: {
            error: {
                /** @enum {string} */
                code: "invalid_json" | "invalid_request" | "invalid_text" | "password_too_long" | "weak_password";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_04f248c1: {
            error: {
                /** @enum {string} */
                code: "forbidden_origin" | "wrong_password";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_invalid_request: {
            error: {
                /** @enum {string} */
                code: "invalid_request";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_not_found: {
            error: {
                /** @enum {string} */
                code: "not_found";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_312a143f: {
            error: {
                /** @enum {string} */
                code: "avatar_url_invalid" | "bio_too_long" | "invalid_json" | "invalid_request" | "invalid_text" | "username_invalid" | "username_too_long" | "username_too_short";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_username_taken: {
            error: {
                /** @enum {string} */
                code: "username_taken";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_invalid_image: {
            error: {
                /** @enum {string} */
                code: "invalid_image";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_13dddf49: {
            error: {
                /** @enum {string} */
                code: "image_too_large" | "payload_too_large";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_48e87e9c: {
            error: {
                /** @enum {string} */
                code: "context_too_long" | "invalid_json" | "invalid_request" | "invalid_text" | "language_required" | "text_required" | "unknown_language";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_383da73c: {
            error: {
                /** @enum {string} */
                code: "rate_limited" | "translation_budget";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_56cdc850: {
            error: {
                /** @enum {string} */
                code: "invalid_json" | "invalid_request" | "invalid_text" | "language_required" | "text_required" | "unknown_language";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_244a1933: {
            error: {
                /** @enum {string} */
                code: "invalid_json" | "invalid_request" | "invalid_text" | "language_required" | "string_too_long" | "too_many_strings" | "unknown_language";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_699a3f24: {
            error: {
                /** @enum {string} */
                code: "invalid_json" | "invalid_request" | "invalid_text" | "language_required" | "unknown_language";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_6e7d8a40: {
            error: {
                /** @enum {string} */
                code: "invalid_id" | "invalid_request" | "invalid_text" | "message_search_too_long" | "search_empty";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_98384c35: {
            error: {
                /** @enum {string} */
                code: "invalid_request" | "invalid_text" | "search_too_long";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_c36aaa57: {
            error: {
                /** @enum {string} */
                code: "invalid_id" | "invalid_json" | "invalid_request";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_0cc4be4a: {
            error: {
                /** @enum {string} */
                code: "cannot_message" | "forbidden_origin";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_1a1e2246: {
            error: {
                /** @enum {string} */
                code: "duplicate_member" | "group_name_invalid" | "invalid_id" | "invalid_json" | "invalid_request" | "invalid_text" | "too_few_members" | "too_many_members" | "unknown_register";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_2acc7156: {
            error: {
                /** @enum {string} */
                code: "duplicate_member" | "invalid_id" | "invalid_json" | "invalid_request" | "too_many_members";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_21c717e5: {
            error: {
                /** @enum {string} */
                code: "invalid_id" | "invalid_request";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_27f7a9fb: {
            error: {
                /** @enum {string} */
                code: "group_name_invalid" | "invalid_json" | "invalid_request" | "invalid_text" | "unknown_register";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_fc7960f1: {
            error: {
                /** @enum {string} */
                code: "context_required" | "context_too_long" | "invalid_json" | "invalid_request" | "invalid_text";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_47c38187: {
            error: {
                /** @enum {string} */
                code: "invalid_id" | "invalid_json" | "invalid_request" | "invalid_text" | "message_empty" | "message_too_long" | "reply_not_found";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_24a014ac: {
            error: {
                /** @enum {string} */
                code: "database_unavailable" | "service_busy";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_981b8123: {
            error: {
                /** @enum {string} */
                code: "invalid_json" | "invalid_request" | "invalid_text" | "message_empty" | "message_not_editable" | "message_too_long";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_a42a40b3: {
            error: {
                /** @enum {string} */
                code: "cannot_message" | "edit_window_passed" | "forbidden_origin";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_c66d1181: {
            error: {
                /** @enum {string} */
                code: "invalid_json" | "invalid_request" | "unknown_reaction";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_5eb7834b: {
            error: {
                /** @enum {string} */
                code: "invalid_json" | "invalid_request" | "invalid_text" | "message_empty" | "message_too_long";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_63b53454: {
            error: {
                /** @enum {string} */
                code: "invalid_characters" | "invalid_json" | "invalid_request" | "invalid_text";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_af22dc7d: {
            error: {
                /** @enum {string} */
                code: "invalid_json" | "invalid_request";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_96c2e8df: {
            error: {
                /** @enum {string} */
                code: "cannot_call" | "forbidden_origin";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_already_in_call: {
            error: {
                /** @enum {string} */
                code: "already_in_call";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_c03f1f11: {
            error: {
                /** @enum {string} */
                code: "invalid_json" | "invalid_request" | "invalid_text" | "password_too_long";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_52c81bdf: {
            error: {
                /** @enum {string} */
                code: "invalid_json" | "invalid_request" | "invalid_text" | "token_name_invalid" | "token_scopes_invalid";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_0be23fd5: {
            error: {
                /** @enum {string} */
                code: "invalid_json" | "invalid_request" | "invalid_text" | "username_invalid" | "username_too_long" | "username_too_short";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_d85fbf5e: {
            error: {
                /** @enum {string} */
                code: "invalid_characters" | "invalid_json" | "invalid_request" | "invalid_text" | "message_empty" | "message_too_long" | "webhook_avatar_invalid" | "webhook_name_invalid";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_0bde0f77: {
            error: {
                /** @enum {string} */
                code: "invalid_characters" | "invalid_json" | "invalid_request" | "invalid_text" | "webhook_name_invalid";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_99d46778: {
            error: {
                /** @enum {string} */
                code: "invalid_json" | "invalid_request" | "unknown_language" | "webhook_events_invalid" | "webhook_url_invalid";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_admin_required: {
            error: {
                /** @enum {string} */
                code: "admin_required";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_5a2e5bec: {
            error: {
                /** @enum {string} */
                code: "admin_required" | "forbidden_origin";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_32b1d21d: {
            error: {
                /** @enum {string} */
                code: "invalid_json" | "invalid_request" | "link_url_invalid";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_6da76a26: {
            error: {
                /** @enum {string} */
                code: "invalid_json" | "invalid_request" | "push_auth_invalid" | "push_endpoint_invalid" | "push_endpoint_not_allowed" | "push_key_invalid";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_0a69eaa1: {
            error: {
                /** @enum {string} */
                code: "invalid_id" | "invalid_request" | "invalid_text" | "nothing_to_read" | "speech_too_long" | "speech_unavailable";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_speech_failed: {
            error: {
                /** @enum {string} */
                code: "speech_failed";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_fd424439: {
            error: {
                /** @enum {string} */
                code: "invalid_image" | "invalid_request";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_c0de55ad: {
            error: {
                /** @enum {string} */
                code: "audio_too_short" | "invalid_audio" | "invalid_request";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_7f6732b9: {
            error: {
                /** @enum {string} */
                code: "audio_too_large" | "audio_too_long" | "payload_too_large";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_a5fc5d04: {
            error: {
                /** @enum {string} */
                code: "invalid_request" | "invalid_text";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_c1c5efbc: {
            error: {
                /** @enum {string} */
                code: "email_invalid" | "invalid_json" | "invalid_request" | "invalid_text" | "password_too_long" | "username_invalid" | "username_too_long" | "username_too_short";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
        Error_cannot_change_self: {
            error: {
                /** @enum {string} */
                code: "cannot_change_self";
                /** @description For people, in English; clients choose what to show by code. */
                message: string;
                details?: unknown;
            };
        };
    };
    responses: {
        /** @description Server error */
        Error500_internal: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_internal"];
            };
        };
        /** @description Unavailable for now (see Retry-After) */
        Error503_database_unavailable: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_database_unavailable"];
            };
        };
        /** @description The request is not valid */
        Error400_8bd14e00: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_8bd14e00"];
            };
        };
        /** @description Not allowed */
        Error403_44b51f5c: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_44b51f5c"];
            };
        };
        /** @description Conflict */
        Error409_5dcf71a7: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_5dcf71a7"];
            };
        };
        /** @description Too large */
        Error413_payload_too_large: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_payload_too_large"];
            };
        };
        /** @description Not JSON */
        Error415_unsupported_media_type: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_unsupported_media_type"];
            };
        };
        /** @description Too many requests (see Retry-After) */
        Error429_rate_limited: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_rate_limited"];
            };
        };
        /** @description The request is not valid */
        Error400_1d831cfe: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_1d831cfe"];
            };
        };
        /** @description No session (sign in) or token */
        Error401_invalid_credentials: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_invalid_credentials"];
            };
        };
        /** @description Not allowed */
        Error403_81a59fe5: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_81a59fe5"];
            };
        };
        /** @description No session (sign in) or token */
        Error401_unauthenticated: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_unauthenticated"];
            };
        };
        /** @description Not allowed */
        Error403_forbidden_origin: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_forbidden_origin"];
            };
        };
        /** @description The request is not valid */
        Error400_4db12a86: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_4db12a86"];
            };
        };
        /** @description Unavailable for now (see Retry-After) */
        Error503_31455983: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_31455983"];
            };
        };
        /** @description The request is not valid */
        Error400_2fbdcc91: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_2fbdcc91"];
            };
        };
        /** @description Unavailable for now (see Retry-After) */
        Error503_acbcd1d4: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_acbcd1d4"];
            };
        };
        /** @description The request is not valid */
        Error400_3a548229: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_3a548229"];
            };
        };
        /** @description Gone */
        Error410_708ef345: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_708ef345"];
            };
        };
        /** @description The request is not valid */
        Error400_3d376d46: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_3d376d46"];
            };
        };
        /** @description The request is not valid */
        Error400_43fef3a9: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_43fef3a9"];
            };
        };
        /** @description Not allowed */
        Error403_04f248c1: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_04f248c1"];
            };
        };
        /** @description The request is not valid */
        Error400_invalid_request: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_invalid_request"];
            };
        };
        /** @description Not found (or not yours) */
        Error404_not_found: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_not_found"];
            };
        };
        /** @description The request is not valid */
        Error400_312a143f: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_312a143f"];
            };
        };
        /** @description Conflict */
        Error409_username_taken: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_username_taken"];
            };
        };
        /** @description The request is not valid */
        Error400_invalid_image: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_invalid_image"];
            };
        };
        /** @description Too large */
        Error413_13dddf49: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_13dddf49"];
            };
        };
        /** @description The request is not valid */
        Error400_48e87e9c: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_48e87e9c"];
            };
        };
        /** @description Too many requests (see Retry-After) */
        Error429_383da73c: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_383da73c"];
            };
        };
        /** @description The request is not valid */
        Error400_56cdc850: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_56cdc850"];
            };
        };
        /** @description The request is not valid */
        Error400_244a1933: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_244a1933"];
            };
        };
        /** @description The request is not valid */
        Error400_699a3f24: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_699a3f24"];
            };
        };
        /** @description The request is not valid */
        Error400_6e7d8a40: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_6e7d8a40"];
            };
        };
        /** @description The request is not valid */
        Error400_98384c35: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_98384c35"];
            };
        };
        /** @description The request is not valid */
        Error400_c36aaa57: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_c36aaa57"];
            };
        };
        /** @description Not allowed */
        Error403_0cc4be4a: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_0cc4be4a"];
            };
        };
        /** @description The request is not valid */
        Error400_1a1e2246: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_1a1e2246"];
            };
        };
        /** @description The request is not valid */
        Error400_2acc7156: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_2acc7156"];
            };
        };
        /** @description The request is not valid */
        Error400_21c717e5: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_21c717e5"];
            };
        };
        /** @description The request is not valid */
        Error400_27f7a9fb: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_27f7a9fb"];
            };
        };
        /** @description The request is not valid */
        Error400_fc7960f1: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_fc7960f1"];
            };
        };
        /** @description The request is not valid */
        Error400_47c38187: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_47c38187"];
            };
        };
        /** @description Unavailable for now (see Retry-After) */
        Error503_24a014ac: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_24a014ac"];
            };
        };
        /** @description The request is not valid */
        Error400_981b8123: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_981b8123"];
            };
        };
        /** @description Not allowed */
        Error403_a42a40b3: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_a42a40b3"];
            };
        };
        /** @description The request is not valid */
        Error400_c66d1181: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_c66d1181"];
            };
        };
        /** @description The request is not valid */
        Error400_5eb7834b: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_5eb7834b"];
            };
        };
        /** @description The request is not valid */
        Error400_63b53454: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_63b53454"];
            };
        };
        /** @description The request is not valid */
        Error400_af22dc7d: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_af22dc7d"];
            };
        };
        /** @description Not allowed */
        Error403_96c2e8df: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_96c2e8df"];
            };
        };
        /** @description Conflict */
        Error409_already_in_call: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_already_in_call"];
            };
        };
        /** @description The request is not valid */
        Error400_c03f1f11: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_c03f1f11"];
            };
        };
        /** @description The request is not valid */
        Error400_52c81bdf: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_52c81bdf"];
            };
        };
        /** @description The request is not valid */
        Error400_0be23fd5: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_0be23fd5"];
            };
        };
        /** @description The request is not valid */
        Error400_d85fbf5e: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_d85fbf5e"];
            };
        };
        /** @description The request is not valid */
        Error400_0bde0f77: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_0bde0f77"];
            };
        };
        /** @description The request is not valid */
        Error400_99d46778: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_99d46778"];
            };
        };
        /** @description Not allowed */
        Error403_admin_required: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_admin_required"];
            };
        };
        /** @description Not allowed */
        Error403_5a2e5bec: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_5a2e5bec"];
            };
        };
        /** @description The request is not valid */
        Error400_32b1d21d: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_32b1d21d"];
            };
        };
        /** @description The request is not valid */
        Error400_6da76a26: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_6da76a26"];
            };
        };
        /** @description The request is not valid */
        Error400_0a69eaa1: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_0a69eaa1"];
            };
        };
        /** @description An engine failed */
        Error502_speech_failed: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_speech_failed"];
            };
        };
        /** @description The request is not valid */
        Error400_fd424439: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_fd424439"];
            };
        };
        /** @description The request is not valid */
        Error400_c0de55ad: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_c0de55ad"];
            };
        };
        /** @description Too large */
        Error413_7f6732b9: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_7f6732b9"];
            };
        };
        /** @description The request is not valid */
        Error400_a5fc5d04: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_a5fc5d04"];
            };
        };
        /** @description The request is not valid */
        Error400_c1c5efbc: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_c1c5efbc"];
            };
        };
        /** @description Conflict */
        Error409_cannot_change_self: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": components["schemas"]["Error_cannot_change_self"];
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getOpenapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    signUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "username": "ana",
                 *       "email": "ana@example.com",
                 *       "password": "correct horse battery"
                 *     }
                 */
                "application/json": {
                    username: string;
                    email: string;
                    password: string;
                    invite?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            email: string;
                            /** @description Present and true for administrators */
                            admin?: boolean;
                        };
                        confirmationRequired: boolean;
                    };
                };
            };
            400: components["responses"]["Error400_8bd14e00"];
            403: components["responses"]["Error403_44b51f5c"];
            409: components["responses"]["Error409_5dcf71a7"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    signIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "email": "ana@example.com",
                 *       "password": "correct horse battery"
                 *     }
                 */
                "application/json": {
                    email: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        user: {
                            id: string;
                            email: string;
                            /** @description Present and true for administrators */
                            admin?: boolean;
                        };
                        profile: {
                            id: string;
                            username: string;
                            email: string;
                            language: ("en" | "es" | "fr" | "de" | "it" | "pt" | "nl" | "ru" | "zh" | "ja" | "ko" | "ar" | "hi" | "th" | "vi" | "tr" | "pl" | "sv" | "ro" | "uk") | null;
                            bio: string | null;
                            avatar_url: string | null;
                            read_receipts?: boolean;
                            translation_first?: boolean;
                            /** @enum {boolean} */
                            bot?: true;
                        };
                        firstSignIn: boolean;
                    };
                };
            };
            400: components["responses"]["Error400_1d831cfe"];
            401: components["responses"]["Error401_invalid_credentials"];
            403: components["responses"]["Error403_81a59fe5"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    signOut: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getSession: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Session"];
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postAuthOidcStart: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    invite?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_4db12a86"];
            403: components["responses"]["Error403_forbidden_origin"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_31455983"];
        };
    };
    getAuthOidcCallback: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Redirect (Location) */
            303: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postAuthPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_2fbdcc91"];
            403: components["responses"]["Error403_forbidden_origin"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_acbcd1d4"];
        };
    };
    postAuthConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_3a548229"];
            403: components["responses"]["Error403_forbidden_origin"];
            410: components["responses"]["Error410_708ef345"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postAuthConfirmResend: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Success */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_2fbdcc91"];
            403: components["responses"]["Error403_forbidden_origin"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_acbcd1d4"];
        };
    };
    postAuthPasswordResetConfirm: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    password: string;
                };
            };
        };
        responses: {
            /** @description Done (no body) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400_3d376d46"];
            403: components["responses"]["Error403_forbidden_origin"];
            410: components["responses"]["Error410_708ef345"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postAccountPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Done (no body) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400_43fef3a9"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_04f248c1"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getAccountSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    deleteAccountSessionsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postAccountSessionsSignOutOthers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        username: string;
                        email: string;
                        language: ("en" | "es" | "fr" | "de" | "it" | "pt" | "nl" | "ru" | "zh" | "ja" | "ko" | "ar" | "hi" | "th" | "vi" | "tr" | "pl" | "sv" | "ro" | "uk") | null;
                        bio: string | null;
                        avatar_url: string | null;
                        read_receipts?: boolean;
                        translation_first?: boolean;
                        /** @enum {boolean} */
                        bot?: true;
                    };
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    updateProfile: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "language": "es"
                 *     }
                 */
                "application/json": {
                    username?: string;
                    bio?: string | null;
                    avatar_url?: string | null;
                    /** @enum {string} */
                    language?: "en" | "es" | "fr" | "de" | "it" | "pt" | "nl" | "ru" | "zh" | "ja" | "ko" | "ar" | "hi" | "th" | "vi" | "tr" | "pl" | "sv" | "ro" | "uk";
                    read_receipts?: boolean;
                    translation_first?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: string;
                        username: string;
                        email: string;
                        language: ("en" | "es" | "fr" | "de" | "it" | "pt" | "nl" | "ru" | "zh" | "ja" | "ko" | "ar" | "hi" | "th" | "vi" | "tr" | "pl" | "sv" | "ro" | "uk") | null;
                        bio: string | null;
                        avatar_url: string | null;
                        read_receipts?: boolean;
                        translation_first?: boolean;
                        /** @enum {boolean} */
                        bot?: true;
                    };
                };
            };
            400: components["responses"]["Error400_312a143f"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            409: components["responses"]["Error409_username_taken"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    uploadAvatar: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The file (binary)
                     */
                    file: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_image"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            413: components["responses"]["Error413_13dddf49"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    translateText: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "text": "Good morning",
                 *       "targetLanguage": "es"
                 *     }
                 */
                "application/json": {
                    text: string;
                    targetLanguage: string;
                    sourceLanguage?: string;
                    relationshipContext?: ({
                        /** @enum {string} */
                        type: "general" | "boss" | "client" | "teacher" | "professional" | "romantic" | "family" | "close_friend" | "colleague" | "acquaintance" | "stranger";
                        /** @enum {string} */
                        formality: "neutral" | "formal" | "informal";
                        description: string;
                    } | string) | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_48e87e9c"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            429: components["responses"]["Error429_383da73c"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postFunctionsV1TranslateText: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                    targetLanguage: string;
                    sourceLanguage?: string;
                    relationshipContext?: ({
                        /** @enum {string} */
                        type: "general" | "boss" | "client" | "teacher" | "professional" | "romantic" | "family" | "close_friend" | "colleague" | "acquaintance" | "stranger";
                        /** @enum {string} */
                        formality: "neutral" | "formal" | "informal";
                        description: string;
                    } | string) | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_48e87e9c"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postSmartTranslate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                    primaryLanguage: string;
                    secondaryLanguage: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_56cdc850"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            429: components["responses"]["Error429_383da73c"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postFunctionsV1SmartTranslate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                    primaryLanguage: string;
                    secondaryLanguage: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_56cdc850"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getLanguages: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getEngines: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postUiStrings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    language: string;
                    strings: {
                        [key: string]: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_244a1933"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postScan: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    imageBase64: string;
                    primaryLanguage: string;
                    secondaryLanguage: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        error: string | null;
                        extractedText: string;
                        translatedText: string;
                        detectedLanguage: string;
                        translationDirection: string;
                        sourceLanguage?: string;
                        targetLanguage?: string;
                        translationError?: string;
                        ocrEngine?: string | null;
                        translationEngine?: string | null;
                    };
                };
            };
            400: components["responses"]["Error400_699a3f24"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postFunctionsV1SmartImageTranslate: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    imageBase64: string;
                    primaryLanguage: string;
                    secondaryLanguage: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        error: string | null;
                        extractedText: string;
                        translatedText: string;
                        detectedLanguage: string;
                        translationDirection: string;
                        sourceLanguage?: string;
                        targetLanguage?: string;
                        translationError?: string;
                        ocrEngine?: string | null;
                        translationEngine?: string | null;
                    };
                };
            };
            400: components["responses"]["Error400_699a3f24"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postScanUpload: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The file (binary)
                     */
                    file: string;
                    primaryLanguage: string;
                    secondaryLanguage: string;
                };
            };
        };
        responses: {
            /** @description Default Response */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        success: boolean;
                        error: string | null;
                        extractedText: string;
                        translatedText: string;
                        detectedLanguage: string;
                        translationDirection: string;
                        sourceLanguage?: string;
                        targetLanguage?: string;
                        translationError?: string;
                        ocrEngine?: string | null;
                        translationEngine?: string | null;
                    };
                };
            };
            400: components["responses"]["Error400_invalid_image"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            413: components["responses"]["Error413_13dddf49"];
            429: components["responses"]["Error429_383da73c"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getMessagesSearch: {
        parameters: {
            query: {
                q: string;
                roomId?: string;
                cursor?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_6e7d8a40"];
            401: components["responses"]["Error401_unauthenticated"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    searchUsers: {
        parameters: {
            query?: {
                q?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        users: {
                            id: string;
                            username: string;
                            email: string | null;
                        }[];
                    };
                };
            };
            400: components["responses"]["Error400_98384c35"];
            401: components["responses"]["Error401_unauthenticated"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    listChats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    startChat: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "userId": "0b6d3f9e-5c1a-4e8b-9f2d-7a4c1e3b5d60",
                 *       "relationshipType": "close_friend"
                 *     }
                 */
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                    /** @enum {string} */
                    relationshipType?: "romantic" | "family" | "close_friend" | "colleague" | "boss" | "client" | "teacher" | "acquaintance" | "stranger";
                };
            };
        };
        responses: {
            /** @description The chat (201 when new, 200 when it existed) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created: boolean;
                        room: {
                            id: string;
                            /** @enum {string} */
                            kind: "direct" | "group";
                            name: string;
                        } & {
                            [key: string]: unknown;
                        };
                        partner: {
                            id: string;
                            username: string;
                            email: string;
                            language: string | null;
                            chatRoomId: string;
                            relationshipContext: unknown;
                        };
                    };
                };
            };
            /** @description The chat (201 when new, 200 when it existed) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        created: boolean;
                        room: {
                            id: string;
                            /** @enum {string} */
                            kind: "direct" | "group";
                            name: string;
                        } & {
                            [key: string]: unknown;
                        };
                        partner: {
                            id: string;
                            username: string;
                            email: string;
                            language: string | null;
                            chatRoomId: string;
                            relationshipContext: unknown;
                        };
                    };
                };
            };
            400: components["responses"]["Error400_c36aaa57"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_0cc4be4a"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    createGroup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    memberIds: string[];
                    /** @enum {string} */
                    register?: "family" | "friends" | "colleagues" | "formal" | "mixed";
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_1a1e2246"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getChatsByRoomIdMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postChatsByRoomIdMembers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    userIds: string[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_2acc7156"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    deleteChatsByRoomIdMembersByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_21c717e5"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postChatsByRoomIdMembersByUserIdAdmin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_21c717e5"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    patchChatsByRoomIdGroup: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name?: string;
                    /** @enum {string} */
                    register?: "family" | "friends" | "colleagues" | "formal" | "mixed";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_27f7a9fb"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postChatsByRoomIdLeave: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    successorId?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_c36aaa57"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    deleteChatsByRoomId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getChatsByRoomIdReads: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postChatsByRoomIdRead: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getChatsByRoomIdContext: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    putChatsByRoomIdContext: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    relationshipType: "romantic" | "family" | "close_friend" | "colleague" | "boss" | "client" | "teacher" | "acquaintance" | "stranger";
                } | {
                    description: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_fc7960f1"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    listMessages: {
        parameters: {
            query?: {
                after?: string;
                resume?: string;
                around?: string;
            };
            header?: never;
            path: {
                roomId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        messages: components["schemas"]["ChatMessage"][];
                    };
                };
            };
            400: components["responses"]["Error400_21c717e5"];
            401: components["responses"]["Error401_unauthenticated"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    sendMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                /**
                 * @example {
                 *       "content": "See you at eight!",
                 *       "clientId": "k3J9x0Qm2vL8"
                 *     }
                 */
                "application/json": {
                    content: string;
                    clientId: string;
                    replyTo?: string;
                    linkPreview?: boolean;
                };
            };
        };
        responses: {
            /** @description Stored (201; 200 when the clientId was already sent) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: components["schemas"]["ChatMessage"];
                    };
                };
            };
            /** @description Stored (201; 200 when the clientId was already sent) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: components["schemas"]["ChatMessage"];
                    };
                };
            };
            400: components["responses"]["Error400_47c38187"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_0cc4be4a"];
            404: components["responses"]["Error404_not_found"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            429: components["responses"]["Error429_383da73c"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_24a014ac"];
        };
    };
    retryTranslation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
                messageId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: components["schemas"]["ChatMessage"];
                    };
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_0cc4be4a"];
            404: components["responses"]["Error404_not_found"];
            429: components["responses"]["Error429_383da73c"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_24a014ac"];
        };
    };
    deleteMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
                messageId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: components["schemas"]["ChatMessage"];
                    };
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    editMessage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
                messageId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    content: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: components["schemas"]["ChatMessage"];
                    };
                };
            };
            400: components["responses"]["Error400_981b8123"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_a42a40b3"];
            404: components["responses"]["Error404_not_found"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            429: components["responses"]["Error429_383da73c"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_24a014ac"];
        };
    };
    postChatsByRoomIdMessagesByMessageIdReactions: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
                messageId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    emoji: string;
                    active: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_c66d1181"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postChatsByRoomIdPreview: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    content: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_5eb7834b"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            429: components["responses"]["Error429_383da73c"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    putChatsByRoomIdMessagesByMessageIdTranslation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
                messageId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                    glossary?: {
                        sourcePhrase: string;
                        targetPhrase: string;
                    };
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_63b53454"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getChatsByRoomIdGlossary: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    putChatsByRoomIdGlossaryByEntryId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
                entryId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    sourcePhrase: string;
                    targetPhrase: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_63b53454"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    deleteChatsByRoomIdGlossaryByEntryId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
                entryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postRpcDeleteChatRoom: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    room_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_af22dc7d"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postRpcMarkChatRoomMessagesRead: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    room_id: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_af22dc7d"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getChatsByRoomIdCallCapabilities: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postCalls: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    roomId: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_af22dc7d"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_96c2e8df"];
            409: components["responses"]["Error409_already_in_call"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getCallsCurrent: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postCallsByCallIdAccept: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                callId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    deviceId: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_af22dc7d"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postCallsByCallIdDecline: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                callId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postCallsByCallIdEnd: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                callId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getBlocks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postBlocks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_af22dc7d"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    deleteBlocksByUserId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                userId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_21c717e5"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postReports: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uuid */
                    userId: string;
                    messageId?: string;
                    reason: string;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_4db12a86"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postAccountDelete: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password: string;
                    /** @default false */
                    eraseMessages?: boolean;
                };
            };
        };
        responses: {
            /** @description Done (no body) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400_c03f1f11"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_04f248c1"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getAccountExport: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getAccountTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postAccountTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    scopes: ("read" | "write")[];
                    expiresInDays?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_52c81bdf"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    deleteAccountTokensById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getBots: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postBots: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    username: string;
                    /** @enum {string} */
                    language: "en" | "es" | "fr" | "de" | "it" | "pt" | "nl" | "ru" | "zh" | "ja" | "ko" | "ar" | "hi" | "th" | "vi" | "tr" | "pl" | "sv" | "ro" | "uk";
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_0be23fd5"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    deleteBotsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postBotsByIdTokens: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                    scopes: ("read" | "write")[];
                    expiresInDays?: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_52c81bdf"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    deleteBotsByIdTokensByTokenId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                tokenId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postHooksByIdBySecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                secret: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    text: string;
                    username?: string;
                    avatar?: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_d85fbf5e"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getChatsByRoomIdIncomingWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postChatsByRoomIdIncomingWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    name: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_0bde0f77"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    deleteChatsByRoomIdIncomingWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postChatsByRoomIdIncomingWebhooksByIdRotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getChatsByRoomIdOutgoingWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postChatsByRoomIdOutgoingWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                    events: ("message.created" | "message.edited" | "message.deleted" | "member.joined" | "member.left")[];
                    language?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_99d46778"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    deleteChatsByRoomIdOutgoingWebhooksById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postChatsByRoomIdOutgoingWebhooksByIdResume: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getAdminWebhooks: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_admin_required"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    deleteAdminWebhooksIncomingById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_5a2e5bec"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postAdminWebhooksOutgoing: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                    events: ("message.created" | "message.edited" | "message.deleted" | "member.joined" | "member.left")[];
                    language?: string | null;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_99d46778"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_5a2e5bec"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    deleteAdminWebhooksOutgoingById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_5a2e5bec"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postAdminWebhooksOutgoingByIdResume: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_5a2e5bec"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postLinkPreviews: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    url: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_32b1d21d"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getChatsByRoomIdMessagesByMessageIdLinkPreviewImage: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
                messageId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getAdminLinkPreviews: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_admin_required"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    putAdminLinkPreviews: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_af22dc7d"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_5a2e5bec"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getPushKey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    putPushSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** Format: uri */
                    endpoint: string;
                    expirationTime?: number | null;
                    keys: {
                        p256dh: string;
                        auth: string;
                    };
                };
            };
        };
        responses: {
            /** @description Done (no body) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400_6da76a26"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    deletePushSubscription: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getPushSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    patchPushSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    hideText: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_af22dc7d"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    putChatsByRoomIdMute: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    duration: "1h" | "8h" | "1w" | "always";
                    mentions?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_af22dc7d"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    deleteChatsByRoomIdMute: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getSpeech: {
        parameters: {
            query: {
                messageId: string;
                part?: "original" | "translation";
                text: string;
                language: "en" | "es" | "fr" | "de" | "it" | "pt" | "nl" | "ru" | "zh" | "ja" | "ko" | "ar" | "hi" | "th" | "vi" | "tr" | "pl" | "sv" | "ro" | "uk";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "audio/wav": string;
                };
            };
            400: components["responses"]["Error400_0a69eaa1"];
            401: components["responses"]["Error401_unauthenticated"];
            429: components["responses"]["Error429_383da73c"];
            500: components["responses"]["Error500_internal"];
            502: components["responses"]["Error502_speech_failed"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    sendPhoto: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The file (binary)
                     */
                    file: string;
                    clientId: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: components["schemas"]["ChatMessage"];
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: components["schemas"]["ChatMessage"];
                    };
                };
            };
            400: components["responses"]["Error400_fd424439"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_0cc4be4a"];
            404: components["responses"]["Error404_not_found"];
            413: components["responses"]["Error413_13dddf49"];
            429: components["responses"]["Error429_383da73c"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_24a014ac"];
        };
    };
    sendVoice: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": {
                    /**
                     * Format: binary
                     * @description The file (binary)
                     */
                    file: string;
                    clientId: string;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: components["schemas"]["ChatMessage"];
                    };
                };
            };
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: components["schemas"]["ChatMessage"];
                    };
                };
            };
            400: components["responses"]["Error400_c0de55ad"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_0cc4be4a"];
            404: components["responses"]["Error404_not_found"];
            413: components["responses"]["Error413_7f6732b9"];
            429: components["responses"]["Error429_383da73c"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_24a014ac"];
        };
    };
    getChatsByRoomIdMediaByMediaId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
                mediaId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                    "audio/wav": string;
                };
            };
            /** @description The file */
            206: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": string;
                    "audio/wav": string;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postChatsByRoomIdFiles: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getFilesLimits: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        maxBytes: number;
                    };
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getChatsByRoomIdFilesByMediaIdText: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                roomId: string;
                mediaId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getVoiceCapabilities: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getAuthRegistration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getAdminUsers: {
        parameters: {
            query?: {
                q?: string;
                filter?: "all" | "disabled" | "unconfirmed" | "admins";
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_a5fc5d04"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_admin_required"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postAdminUsers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                    username: string;
                    password: string;
                    /** @default false */
                    admin?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_c1c5efbc"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_5a2e5bec"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getAdminUsersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_21c717e5"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_admin_required"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    deleteAdminUsersById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400_21c717e5"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_5a2e5bec"];
            404: components["responses"]["Error404_not_found"];
            409: components["responses"]["Error409_cannot_change_self"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postAdminUsersByIdResetLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_21c717e5"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_5a2e5bec"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postAdminUsersByIdByAction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                action: "disable" | "enable" | "make-admin" | "unmake-admin" | "confirm-email";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_21c717e5"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_5a2e5bec"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getAdminInvites: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_admin_required"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postAdminInvites: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @default 1 */
                    maxUses?: number;
                    /** @default 168 */
                    expiresInHours?: number | null;
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_af22dc7d"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_5a2e5bec"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    deleteAdminInvitesById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Done (no body) */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_5a2e5bec"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getInvitesAbility: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postInvites: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email?: string;
                    /** @enum {string} */
                    language?: "en" | "es" | "fr" | "de" | "it" | "pt" | "nl" | "ru" | "zh" | "ja" | "ko" | "ar" | "hi" | "th" | "vi" | "tr" | "pl" | "sv" | "ro" | "uk";
                };
            };
        };
        responses: {
            /** @description Success */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_2fbdcc91"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_forbidden_origin"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            429: components["responses"]["Error429_rate_limited"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getAdminSettingsRegistration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_admin_required"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    putAdminSettingsRegistration: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    mode: "open" | "invite" | "closed";
                    membersMayInvite?: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_af22dc7d"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_5a2e5bec"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getAdminAudit: {
        parameters: {
            query?: {
                action?: string;
                q?: string;
                limit?: number;
                before?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_a5fc5d04"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_admin_required"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getAdminReports: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_admin_required"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    postAdminReportsByIdByAction: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
                action: "dismiss" | "disable";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_5a2e5bec"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getAdminReportsByIdFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The file */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/octet-stream": string;
                    "image/jpeg": string;
                    "audio/wav": string;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_admin_required"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getAdminStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_admin_required"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getAdminIntegrationsTokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_admin_required"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    deleteAdminIntegrationsTokensById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_5a2e5bec"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getAdminIntegrationsBots: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_admin_required"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    deleteAdminIntegrationsBotsById: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_invalid_request"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_5a2e5bec"];
            404: components["responses"]["Error404_not_found"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getAdminIntegrationsSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_admin_required"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    putAdminIntegrationsSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_af22dc7d"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_5a2e5bec"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    getAdminTranslation: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_admin_required"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    putAdminTranslationEngines: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    order: ("neural" | "apertium" | "openai" | "deepl" | "libretranslate")[];
                    off: ("neural" | "apertium" | "openai" | "deepl" | "libretranslate")[];
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_af22dc7d"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_5a2e5bec"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
    putAdminTranslationBudget: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    charsPerMinute: number;
                    charsPerDay: number;
                };
            };
        };
        responses: {
            /** @description Success */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            400: components["responses"]["Error400_af22dc7d"];
            401: components["responses"]["Error401_unauthenticated"];
            403: components["responses"]["Error403_5a2e5bec"];
            413: components["responses"]["Error413_payload_too_large"];
            415: components["responses"]["Error415_unsupported_media_type"];
            500: components["responses"]["Error500_internal"];
            503: components["responses"]["Error503_database_unavailable"];
        };
    };
}
