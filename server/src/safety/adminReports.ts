import type { AdminReport, AdminReportFile } from '@parley/common';
import { sql } from 'kysely';
import type { Db } from '../db/connect.ts';
import { notFound } from '../http/errors.ts';

/** The operators' queue: open reports, oldest first (at most 200), with both people and the message. */
export async function listOpenReports(db: Db): Promise<AdminReport[]> {
  const rows = await db.selectFrom('reports as r')
    .leftJoin('users as ru', 'ru.id', 'r.reporter_id')
    .leftJoin('profiles as rp', 'rp.id', 'r.reporter_id')
    .leftJoin('users as tu', 'tu.id', 'r.reported_user_id')
    .leftJoin('profiles as tp', 'tp.id', 'r.reported_user_id')
    .leftJoin('messages as m', 'm.id', 'r.message_id')
    .leftJoin('report_files as f', 'f.report_id', 'r.id')
    .select([
      'f.kind as file_kind', 'f.file_name', 'f.content_type as file_type', sql<number | null>`octet_length(f.bytes)`.as('file_size'),
      'r.id', 'r.created_at', 'r.reason', 'r.message_id', 'r.message_content as reported_content', 'm.content as message_content', 'r.link_preview',
      'ru.id as reporter_id', 'ru.email as reporter_email', 'rp.username as reporter_username',
      'tu.id as reported_id', 'tu.email as reported_email', 'tp.username as reported_username', 'tu.disabled_at as reported_disabled_at',
    ])
    .where('r.resolved_at', 'is', null)
    .orderBy('r.id', 'asc').limit(200).execute();
  return rows.map((r) => ({
    id: String(r.id),
    createdAt: new Date(r.created_at).toISOString(),
    reason: r.reason,
    reporter: r.reporter_id ? { id: r.reporter_id, username: r.reporter_username ?? null, email: r.reporter_email ?? '' } : null,
    reported: r.reported_id
      ? { id: r.reported_id, username: r.reported_username ?? null, email: r.reported_email ?? '', disabled: r.reported_disabled_at != null }
      : null,
    messageId: r.message_id === null ? null : String(r.message_id),
    // As reported (migration 028); older reports read the message as it is now.
    messageContent: r.reported_content ?? r.message_content ?? null,
    linkPreview: r.link_preview ? { url: r.link_preview.url, siteName: r.link_preview.siteName, title: r.link_preview.title, description: r.link_preview.description } : null,
    file: r.file_kind && r.file_type
      ? { kind: r.file_kind as AdminReportFile['kind'], name: r.file_name ?? null, contentType: r.file_type, size: Number(r.file_size ?? 0) }
      : null,
  }));
}

/** A report's kept photo, recording or file (issue 36), open or closed; a report without one, or none: 404. */
export async function readReportFile(db: Db, id: string): Promise<{ kind: string; name: string; contentType: string; bytes: Buffer }> {
  const row = await db.selectFrom('report_files').select(['kind', 'file_name', 'content_type', 'bytes'])
    .where('report_id', '=', id as never).executeTakeFirst();
  if (!row) throw notFound('No file kept with this report');
  // Photos and recordings have no name of their own: one from the report and the stored type.
  const name = row.file_name ?? `report-${id}${row.kind === 'photo' ? '.jpg' : row.kind === 'voice' ? '.wav' : ''}`;
  return { kind: row.kind, name, contentType: row.content_type, bytes: Buffer.from(row.bytes) };
}

/** Close an open report; returns whom it was about. An unknown or already closed report: 404. */
export async function resolveReport(db: Db, id: string, now: Date): Promise<{ reportedUserId: string | null }> {
  const row = await db.updateTable('reports').set({ resolved_at: now })
    .where('id', '=', id as never).where('resolved_at', 'is', null)
    .returning('reported_user_id').executeTakeFirst();
  if (!row) throw notFound('No such open report');
  return { reportedUserId: row.reported_user_id };
}

/** An open report's subject; an unknown or closed report: 404. */
export async function openReport(db: Db, id: string): Promise<{ reportedUserId: string | null }> {
  const row = await db.selectFrom('reports').select('reported_user_id')
    .where('id', '=', id as never).where('resolved_at', 'is', null).executeTakeFirst();
  if (!row) throw notFound('No such open report');
  return { reportedUserId: row.reported_user_id };
}
