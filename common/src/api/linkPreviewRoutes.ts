/**
 * Link previews (issue 36 item 3): the first http(s) link of a text message gets a card (site name, title,
 * description, image) that the server fetched (readers' browsers never contact the site), with the title and
 * description translated for each reader language. The sender can remove it before sending (`linkPreview: false` on
 * the send); operators can switch previews off.
 */

export const LINK_PREVIEW_LIMITS = {
  /** The longest URL previewed (characters). */
  urlMaxChars: 2048,
  /** Kept of a page's title and description (characters). */
  titleMaxChars: 200,
  descriptionMaxChars: 500,
  siteNameMaxChars: 100,
} as const;

/** The image of a card as the message keeps it (the bytes are served by LINK_PREVIEW_API.image, to members only). */
export interface LinkPreviewImage {
  width: number | null;
  height: number | null;
}

/** A message's card as stored (messages.link_preview): the page's texts and their translations per reader language. */
export interface StoredLinkPreview {
  url: string;
  siteName: string | null;
  title: string | null;
  description: string | null;
  image: LinkPreviewImage | null;
  /** The language the texts were detected in (null: unknown). */
  language: string | null;
  /** Per reader language: the title and description translated (absent: not translated, or not needed). */
  translations: Record<string, { title: string | null; description: string | null }>;
}

/** A card as one reader sees it. */
export interface LinkPreviewView {
  url: string;
  siteName: string | null;
  title: string | null;
  description: string | null;
  /** Our own URL of the image (members only), or null. */
  image: string | null;
  imageWidth?: number | null;
  imageHeight?: number | null;
  /** The title and description were translated into the reader's language: `original` holds the page's own. */
  translated: boolean;
  original?: { title: string | null; description: string | null };
}

export const LINK_PREVIEW_API = {
  preview: '/api/link-previews',
  adminSettings: '/api/admin/link-previews',
  /** A message's card image, members only. */
  image: (roomId: string, messageId: string) => `/api/chats/${roomId}/messages/${messageId}/link-preview/image`,
} as const;

/** Characters that end a sentence rather than a URL when they close it ("see https://x.org/a."). */
const TRAILING = /[.,;:!?'"’”)\]}>*_~]+$/u;

/**
 * The first http(s) link of a message's text, as the server previews it and the composer shows it: a URL written out
 * (`https://...`) or a markdown link's target, with trailing punctuation left off (a closing parenthesis is kept when
 * the URL opened one, as Wikipedia's do). Null when there is none.
 */
export function firstLink(text: string): string | null {
  const match = /\bhttps?:\/\/[^\s<>"'`]+/iu.exec(text);
  if (!match) return null;
  let url = match[0];
  for (;;) {
    const trimmed = url.replace(TRAILING, (tail) => {
      // Keep a ")" that closes a "(" of the URL itself.
      const opens = (url.match(/\(/g) ?? []).length;
      const closes = (url.slice(0, url.length - tail.length).match(/\)/g) ?? []).length;
      return tail.startsWith(')') && opens > closes ? ')' : '';
    });
    if (trimmed === url) break;
    url = trimmed;
  }
  if (url.length > LINK_PREVIEW_LIMITS.urlMaxChars || !URL.canParse(url)) return null;
  const parsed = new URL(url);
  return parsed.hostname ? url : null;
}

/**
 * A message's card as a reader of `language` sees it: the title and description translated into that language when
 * there is a translation (the page's own kept as `original`), else as the page wrote them. The image is served by us.
 */
export function presentLinkPreview(stored: StoredLinkPreview, roomId: string, messageId: string, language: string | null): LinkPreviewView {
  const translation = language ? stored.translations[language] : undefined;
  const translated = !!translation && (translation.title !== stored.title || translation.description !== stored.description);
  return {
    url: stored.url,
    siteName: stored.siteName,
    title: translated ? translation.title : stored.title,
    description: translated ? translation.description : stored.description,
    image: stored.image ? LINK_PREVIEW_API.image(roomId, messageId) : null,
    ...(stored.image ? { imageWidth: stored.image.width, imageHeight: stored.image.height } : {}),
    translated,
    ...(translated ? { original: { title: stored.title, description: stored.description } } : {}),
  };
}
