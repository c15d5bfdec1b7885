import type { AdminReport, AuditEntry, ChatMessage } from '@parley/common';
import { describe, expect, it } from 'vitest';
import { pngImage } from './images.ts';
import { signUpAndIn, uniqueUser, useTestServer } from './helpers.ts';
import { fileUpload } from './support/documents.ts';

/**
 * A report keeps the reported message's file, photo or recording (issue 36, `report_files`): the operators' queue
 * names it (kind, name, type, size) and an operator downloads the kept copy, as a download only, even after the sender
 * deleted the message. Nobody else gets it. On PGlite and PostgreSQL (TEST_DB).
 */
const operator = uniqueUser('operator');
const s = useTestServer({ env: { ADMIN_EMAILS: operator.email } });

type Person = Awaited<ReturnType<typeof signUpAndIn>>;
const api = (who: { cookie: string }, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  s.app.inject({ method, url, payload, headers: { cookie: who.cookie } });

let seq = 0;
async function upload(who: Person, roomId: string, kind: 'files' | 'photos', bytes: Buffer, name: string): Promise<ChatMessage> {
  const body = fileUpload(bytes, `report-file-${++seq}-${Date.now()}`, name);
  const res = await s.app.inject({ method: 'POST', url: `/api/chats/${roomId}/${kind}`, payload: body.payload, headers: { ...body.headers, cookie: who.cookie } });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().message as ChatMessage;
}

describe('a reported attachment in the operators\' console', () => {
  it('lists the kept file and photo and lets only an operator download them, after the sender deleted the messages', async () => {
    const admin = await signUpAndIn(s.app, operator);
    const [ana, bo] = [await signUpAndIn(s.app), await signUpAndIn(s.app)];
    const roomId = (await api(ana, 'POST', '/api/chats', { userId: bo.id })).json().room.id as string;
    const text = 'Send 500 euros to this account today.';
    const file = await upload(bo, roomId, 'files', Buffer.from(text), 'Überweisung dringend.txt');
    const photo = await upload(bo, roomId, 'photos', await pngImage(320, 200), 'IMG_1.png');
    const reportOf = async (message: ChatMessage) =>
      (await api(ana, 'POST', '/api/reports', { userId: bo.id, messageId: message.id, reason: 'Scam' })).json().report.id as string;
    const [fileReport, photoReport] = [await reportOf(file), await reportOf(photo)];
    const plain = (await api(ana, 'POST', '/api/reports', { userId: bo.id, reason: 'Rude' })).json().report.id as string;
    // The sender deletes both for everyone: the conversation's copies go, the reports' stay.
    for (const m of [file, photo]) expect((await api(bo, 'DELETE', `/api/chats/${roomId}/messages/${m.id}`)).statusCode).toBe(200);
    expect((await api(ana, 'GET', `/api/chats/${roomId}/media/${file.attachment!.id}`)).statusCode).toBe(404);

    const open = (await api(admin, 'GET', '/api/admin/reports')).json().reports as AdminReport[];
    const byId = new Map(open.map((r) => [r.id, r]));
    expect(byId.get(fileReport)!.file).toEqual({ kind: 'file', name: 'Überweisung dringend.txt', contentType: 'text/plain; charset=utf-8', size: Buffer.byteLength(text) });
    expect(byId.get(photoReport)!.file).toMatchObject({ kind: 'photo', name: null, contentType: 'image/jpeg' });
    expect(byId.get(photoReport)!.file!.size).toBeGreaterThan(0);
    expect(byId.get(plain)!.file).toBeNull();

    const kept = await api(admin, 'GET', `/api/admin/reports/${fileReport}/file`);
    expect(kept.statusCode).toBe(200);
    expect(kept.body).toBe(text);
    expect(kept.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(kept.headers['content-disposition']).toBe(`attachment; filename="Uberweisung dringend.txt"; filename*=UTF-8''%C3%9Cberweisung%20dringend.txt`);
    expect(kept.headers['x-content-type-options']).toBe('nosniff');
    expect(kept.headers['content-security-policy']).toContain('sandbox');
    expect(kept.headers['cache-control']).toContain('no-store');

    const keptPhoto = await api(admin, 'GET', `/api/admin/reports/${photoReport}/file`);
    expect(keptPhoto.headers['content-type']).toBe('image/jpeg');
    expect(keptPhoto.headers['content-disposition']).toContain(`filename="report-${photoReport}.jpg"`);
    expect(keptPhoto.rawPayload.subarray(0, 3).toString('hex')).toBe('ffd8ff');
    expect(keptPhoto.rawPayload.length).toBe(byId.get(photoReport)!.file!.size);

    // The reporter and the sender are not operators; a report without a file and a malformed id are one 404.
    expect((await api(ana, 'GET', `/api/admin/reports/${fileReport}/file`)).statusCode).toBe(403);
    expect((await api(bo, 'GET', `/api/admin/reports/${fileReport}/file`)).statusCode).toBe(403);
    expect((await s.app.inject({ url: `/api/admin/reports/${fileReport}/file` })).statusCode).toBe(401);
    expect((await api(admin, 'GET', `/api/admin/reports/${plain}/file`)).statusCode).toBe(404);
    expect((await api(admin, 'GET', '/api/admin/reports/abc/file')).statusCode).toBe(404);

    // Evidence read is on the record.
    const audit = (await api(admin, 'GET', '/api/admin/audit?action=report.file_downloaded')).json().entries as AuditEntry[];
    expect(audit.map((e) => [e.actorEmail, e.details?.id])).toEqual([[operator.email, photoReport], [operator.email, fileReport]]);
  }, 120_000);
});
