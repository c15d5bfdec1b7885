import { describe, expect, it } from 'vitest';
import { issueCode } from './errors.ts';
import { addMembersBody, createGroupBody, groupInitials, updateGroupBody } from './groups.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const codeOf = (result: { error?: { issues: object[] } }) => issueCode(result.error?.issues[0] ?? {}) ?? 'invalid_request';

describe('group contract', () => {
  it('accepts a name of 1-100 characters and 2-255 distinct people, register optional', () => {
    expect(createGroupBody.parse({ name: '  Family  ', memberIds: [id(1), id(2)] })).toEqual({ name: 'Family', memberIds: [id(1), id(2)] });
    expect(createGroupBody.safeParse({ name: 'x'.repeat(100), memberIds: Array.from({ length: 255 }, (_, i) => id(i)), register: 'formal' }).success).toBe(true);
  });

  it('refuses bad input with its code', () => {
    expect(codeOf(createGroupBody.safeParse({ name: '   ', memberIds: [id(1), id(2)] }))).toBe('group_name_invalid');
    expect(codeOf(createGroupBody.safeParse({ name: 'x'.repeat(101), memberIds: [id(1), id(2)] }))).toBe('group_name_invalid');
    expect(codeOf(createGroupBody.safeParse({ name: 'a\nb', memberIds: [id(1), id(2)] }))).toBe('group_name_invalid');
    expect(codeOf(createGroupBody.safeParse({ name: 'a\u0000', memberIds: [id(1), id(2)] }))).toBe('invalid_text');
    expect(codeOf(createGroupBody.safeParse({ name: 'A', memberIds: [id(1)] }))).toBe('too_few_members');
    expect(codeOf(createGroupBody.safeParse({ name: 'A', memberIds: Array.from({ length: 256 }, (_, i) => id(i)) }))).toBe('too_many_members');
    expect(codeOf(createGroupBody.safeParse({ name: 'A', memberIds: [id(1), id(1)] }))).toBe('duplicate_member');
    expect(codeOf(createGroupBody.safeParse({ name: 'A', memberIds: [id(1), 'nope'] }))).toBe('invalid_id');
    expect(codeOf(createGroupBody.safeParse({ name: 'A', memberIds: [id(1), id(2)], register: 'pirate' }))).toBe('unknown_register');
    expect(codeOf(addMembersBody.safeParse({ userIds: [id(3), id(3)] }))).toBe('duplicate_member');
    expect(updateGroupBody.safeParse({}).success).toBe(false);
    expect(updateGroupBody.parse({ register: 'family' })).toEqual({ register: 'family' });
  });

  it('makes avatar initials from the first two words', () => {
    expect(groupInitials('family ruiz abroad')).toBe('FR');
    expect(groupInitials('Équipe')).toBe('É');
    expect(groupInitials('  ')).toBe('#');
  });
});
