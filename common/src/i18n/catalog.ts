import { languageSelector } from './strings/languageSelector.ts';
import { header } from './strings/header.ts';
import { auth } from './strings/auth.ts';
import { userSearch } from './strings/userSearch.ts';
import { nav } from './strings/nav.ts';
import { chat } from './strings/chat.ts';
import { talk } from './strings/talk.ts';
import { scan } from './strings/scan.ts';
import { admin } from './strings/admin.ts';
import { general } from './strings/general.ts';
import { safety } from './strings/safety.ts';
import { push } from './strings/push.ts';
import { calls } from './strings/calls.ts';
import { members } from './strings/members.ts';
import { moderation } from './strings/moderation.ts';
import { coverage } from './strings/coverage.ts';
import { accountSafety } from './strings/accountSafety.ts';
import { translationInfo } from './strings/translationInfo.ts';
import { phone } from './strings/phone.ts';
import { integrations } from './strings/integrations.ts';
import { documents } from './strings/documents.ts';
import { linkPreviews } from './strings/linkPreviews.ts';

/**
 * The one English catalog of interface strings (spec section 2, "Other"), in the spec's
 * string groups. The web app renders every visible string from here through t('group.key'),
 * and translates the whole catalog when the user picks another language. Placeholders such
 * as {name} are filled by format() and must survive translation. Each group lives in strings/<group>.ts.
 */
export const CATALOG = {
  languageSelector,
  header,
  auth,
  userSearch,
  nav,
  chat,
  talk,
  scan,
  admin,
  general,
  safety,
  push,
  calls,
  members,
  moderation,
  coverage,
  accountSafety,
  translationInfo,
  phone,
  integrations,
  documents,
  linkPreviews,
} as const;

export type Catalog = typeof CATALOG;
export type CatalogGroup = keyof Catalog;
/** 'group.key' for every string in the catalog, checked at compile time. */
export type CatalogKey = { [G in CatalogGroup]: `${G}.${keyof Catalog[G] & string}` }[CatalogGroup];
export type FlatCatalog = Record<CatalogKey, string>;

/** Keys that are names, not words: never sent for translation. */
export const UNTRANSLATED_KEYS: ReadonlySet<CatalogKey> = new Set<CatalogKey>(['header.appName', 'general.notFoundCode']);
