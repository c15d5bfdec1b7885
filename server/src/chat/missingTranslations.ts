import type { Db } from '../db/connect.ts';
import type { MessageRow, TranslationRow } from './presenters.ts';
import type { TranslationJobs } from './translationJobs.ts';

export type HistoryJobs = Pick<TranslationJobs, 'addTranslations' | 'queued'>;

/**
 * A reader loading history finds messages with no row in their language (sent before they read it,
 * beyond what a language change re-targets, or before they were in the room's languages): each gets a
 * `pending` row with its job now, in one transaction, instead of the original only. The job announces
 * the result to that language's readers as any other. Nothing for the reader's own messages, system
 * lines, empty texts, or originals already in their language. Two loads at once add each row once.
 */
export async function addMissingTranslations(
  db: Db, jobs: HistoryJobs, readerId: string, language: string | null, messages: readonly MessageRow[], rows: readonly TranslationRow[],
): Promise<TranslationRow[]> {
  if (!language) return [];
  const have = new Set(rows.filter((r) => r.language === language).map((r) => String(r.message_id)));
  const missing = messages.filter((m) => m.sender_id !== null && m.sender_id !== readerId && !m.system_event && !m.deleted_at && m.content.trim() !== ''
    && m.original_language !== language && !have.has(String(m.id)));
  if (missing.length === 0) return [];
  const added = await db.transaction().execute(async (tx) => {
    const made: TranslationRow[] = [];
    for (const m of missing) made.push(...(await jobs.addTranslations(tx, String(m.id), [language])));
    return made;
  });
  if (added.length) jobs.queued();
  return added;
}
