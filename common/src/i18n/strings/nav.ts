/** The "nav" strings of the English catalog (catalog.ts puts the groups together). */
export const nav = {
  label: 'Main navigation',
  talk: 'Talk',
  chat: 'Chat',
  scan: 'Scan',
} as const;
