/** The "header" strings of the English catalog (catalog.ts puts the groups together). */
export const header = {
  appName: 'Parley',
  tagline: 'Real-time translator',
  userMenu: 'Open user menu',
  profile: 'Profile',
  languageSettings: 'Language Settings',
  signOut: 'Sign Out',
  searchUsers: 'Search users',
  signedOut: 'Signed out',
  signedOutDescription: 'You have been signed out successfully.',
  signOutError: 'Error signing out',
  signOutErrorDescription: 'Something went wrong while signing out. Please try again.',
} as const;
