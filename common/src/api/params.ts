import { z } from 'zod';
import { checkError, fieldError } from './errors.ts';

/**
 * The ids in route paths, one schema per kind. Rows are keyed by uuids (rooms, users, files, calls, invites) or by
 * serial numbers (messages, glossary entries, reports). A malformed room, message, entry, file, call or invite id
 * gets the very 404 a missing one gets (the server answers a `not_found` check with 404), so nothing is learnt from
 * the shape of an id and no malformed id reaches a query.
 */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const SERIAL = /^\d{1,18}$/;

const uuidOr404 = (message: string) => z.string().regex(UUID, checkError('not_found', message));
const serialOr404 = (message: string) => z.string().regex(SERIAL, checkError('not_found', message));

export const roomIdParam = uuidOr404('Conversation not found');
/** A user someone names (a member, a block, an account in the console): a malformed one is a 400 invalid_id. */
export const userIdParam = z.string().regex(UUID, fieldError('invalid_id'));

export const roomParams = z.object({ roomId: roomIdParam });
export const messageParams = roomParams.extend({ messageId: serialOr404('Message not found') });
export const glossaryParams = roomParams.extend({ entryId: serialOr404('Glossary entry not found') });
export const memberParams = roomParams.extend({ userId: userIdParam });
/** A photo or recording: a wrong room and a wrong file are one answer. */
export const mediaParams = z.object({ roomId: uuidOr404('File not found'), mediaId: uuidOr404('File not found') });
export const callParams = z.object({ callId: uuidOr404('Call not found') });
export const inviteParams = z.object({ id: uuidOr404('No such invite') });
export const userIdParams = z.object({ id: userIdParam });
