/** Link previews (issue 36 item 3): the card under a message, the composer's card, the console's switch. */
export const linkPreviews = {
  remove: 'Remove the link preview',
  loading: 'Loading the link preview…',
  translated: 'Preview translated',
  showOriginal: 'Show original',
  showTranslation: 'Show translation',
  open: 'Open {site} in a new tab',
  consoleTitle: 'Link previews',
  consoleHint: "A message's first link shows a card with the page's title, description and image. This server fetches the pages; readers' browsers never contact them.",
  consoleToggle: 'Show link previews',
  auditChanged: 'Link previews switched on or off',
} as const;
