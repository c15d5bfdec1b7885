import { flattenGroups } from './english.ts';
import { accountSafety } from './strings/accountSafety.ts';
import { admin } from './strings/admin.ts';
import { calls } from './strings/calls.ts';
import { chat } from './strings/chat.ts';
import { integrations } from './strings/integrations.ts';
import { documents } from './strings/documents.ts';
import { linkPreviews } from './strings/linkPreviews.ts';
import { members } from './strings/members.ts';
import { moderation } from './strings/moderation.ts';
import { phone } from './strings/phone.ts';
import { push } from './strings/push.ts';
import { safety } from './strings/safety.ts';
import { scan } from './strings/scan.ts';
import { talk } from './strings/talk.ts';
import { translationInfo } from './strings/translationInfo.ts';
import { userSearch } from './strings/userSearch.ts';

/** The English groups outside the first download (english.ts): the signed-in screens load this chunk first. */
export const REST_GROUPS = { accountSafety, admin, calls, chat, documents, integrations, linkPreviews, members, moderation, phone, push, safety, scan, talk, translationInfo, userSearch } as const;

export const ENGLISH_REST = flattenGroups(REST_GROUPS);
