/** Paths of the chat API (no zod: the web client imports this through `@parley/common/client`). */
export const CHAT_API = {
  searchUsers: '/api/users/search',
  /** Message search, in every conversation or one (?roomId=). */
  searchMessages: '/api/messages/search',
  chats: '/api/chats',
  chat: (roomId: string) => `/api/chats/${roomId}`,
  messages: (roomId: string) => `/api/chats/${roomId}/messages`,
  retryTranslation: (roomId: string, messageId: string) => `/api/chats/${roomId}/messages/${messageId}/retry-translation`,
  /** One message: PATCH edits its text (own, within the window), DELETE deletes it for everyone (own). */
  message: (roomId: string, messageId: string) => `/api/chats/${roomId}/messages/${messageId}`,
  /** POST {emoji, active}: add (active) or take back my reaction. */
  reactions: (roomId: string, messageId: string) => `/api/chats/${roomId}/messages/${messageId}/reactions`,
  read: (roomId: string) => `/api/chats/${roomId}/read`,
  /** The other members' read marks the caller may see (read receipts). */
  reads: (roomId: string) => `/api/chats/${roomId}/reads`,
  context: (roomId: string) => `/api/chats/${roomId}/context`,
  preview: (roomId: string) => `/api/chats/${roomId}/preview`,
  translation: (roomId: string, messageId: string) => `/api/chats/${roomId}/messages/${messageId}/translation`,
  glossary: (roomId: string) => `/api/chats/${roomId}/glossary`,
  glossaryEntry: (roomId: string, entryId: string) => `/api/chats/${roomId}/glossary/${entryId}`,
  /** Multipart uploads (fields: file, clientId) that send a photo or voice message. */
  photos: (roomId: string) => `/api/chats/${roomId}/photos`,
  voice: (roomId: string) => `/api/chats/${roomId}/voice`,
  media: (roomId: string, mediaId: string) => `/api/chats/${roomId}/media/${mediaId}`,
  /** Multipart upload of a file (documents: issue 36 item 2); its text and translation for the reader. */
  files: (roomId: string) => `/api/chats/${roomId}/files`,
  fileText: (roomId: string, mediaId: string) => `/api/chats/${roomId}/files/${mediaId}/text`,
  /** GET: the server's file limits (FILE_MAX_MB), so the web refuses a too-big file before uploading it. */
  fileLimits: '/api/files/limits',
  realtime: '/api/realtime',
  /** Groups: create (POST); a room's members (GET any member; POST add, admins); remove (DELETE, admins);
   * make admin (POST, admins); rename or change the register (PATCH, admins); leave (POST, anyone). */
  groups: '/api/groups',
  members: (roomId: string) => `/api/chats/${roomId}/members`,
  member: (roomId: string, userId: string) => `/api/chats/${roomId}/members/${userId}`,
  memberAdmin: (roomId: string, userId: string) => `/api/chats/${roomId}/members/${userId}/admin`,
  group: (roomId: string) => `/api/chats/${roomId}/group`,
  leave: (roomId: string) => `/api/chats/${roomId}/leave`,
} as const;
