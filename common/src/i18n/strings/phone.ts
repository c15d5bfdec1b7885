// Daily use on a phone (issue 38): the conversation header's menu, "Show my language first", the bubble's
// actions, blocking as it says, and the smaller things people notice.
export const phone = {
  muted: 'Muted',
  showMineFirst: 'Show my language first',
  showMineFirstHint: 'Messages show the translation in your language as the main text; the original is one tap away.',
  showOriginal: 'Show original',
  hideOriginal: 'Hide original',
  listenOriginal: 'Listen to the original',
  listenTranslation: 'Listen to the translation',
  youBlocked: 'You blocked {name}',
  cannotMessageName: "You can't message {name}",
  blockDescription: "They won't be able to message or call you, and they won't find you in search. If they write to you, they are told they can't message you.",
  coverageSummary: 'Some messages here are not translated',
  coverageDetails: 'Details',
  notificationsBlocked: 'Notifications are blocked for this site. Allow them in your browser\'s site settings (the icon left of the address), then try again.',
  notificationsFailed: 'Could not turn on notifications. Check that your browser allows them for this site and that you are online, then try again.',
  userSearchPlaceholder: 'Username or email',
  mailPasswordChangedSubject: 'Your Parley password was changed',
  mailPasswordChangedIntro: 'The password of your Parley account was just changed, and your other devices were signed out. If this was you, there is nothing to do.',
  mailPasswordChangedAction: 'I did not change it',
  mailPasswordChangedIgnore: 'If you did not change it, someone else knows your password: use the button to set a new one by e-mail right away.',
} as const;
