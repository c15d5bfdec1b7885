import { describe, expect, it } from 'vitest';
import { issueCode } from './errors.ts';
import { mediaParams, memberParams, messageParams, roomParams } from './params.ts';

const room = '00000000-0000-4000-8000-000000000000';
const failure = (result: { error?: { issues: { message: string }[] } }) => {
  const issue = result.error?.issues[0];
  return issue && { code: issueCode(issue), message: issue.message };
};

describe('route parameters', () => {
  it('answers a malformed id as the missing thing it names (the server makes not_found a 404)', () => {
    expect(roomParams.safeParse({ roomId: room }).success).toBe(true);
    expect(failure(roomParams.safeParse({ roomId: 'not-a-uuid' }))).toEqual({ code: 'not_found', message: 'Conversation not found' });
    expect(failure(messageParams.safeParse({ roomId: room, messageId: 'abc' }))).toEqual({ code: 'not_found', message: 'Message not found' });
    expect(failure(mediaParams.safeParse({ roomId: 'x', mediaId: room }))).toEqual({ code: 'not_found', message: 'File not found' });
  });

  it('refuses a malformed user id with invalid_id', () => {
    expect(failure(memberParams.safeParse({ roomId: room, userId: 'nope' }))?.code).toBe('invalid_id');
  });
});
