import { describe, expect, it } from 'vitest';
import { ENGLISH_STRINGS, formatMessage } from '@parley/common';
import { ApiError } from './api.ts';
import { errorMessage, errorText } from './errorMessages.ts';
import type { TFunction } from './i18n.tsx';

const en: TFunction = (key, vars) => formatMessage(ENGLISH_STRINGS[key], 'en', vars);

/** Every error code of the group contract (common/src/api/errors.ts). */
const GROUP_CODES = [
  'group_name_invalid', 'unknown_register', 'too_few_members', 'too_many_members', 'duplicate_member',
  'unknown_member', 'already_member', 'not_a_group', 'not_admin', 'last_admin_needs_successor',
];

describe('errorText for group errors', () => {
  it('gives every group code a string of its own, not the generic one', () => {
    const keys = GROUP_CODES.map((code) => errorText(new ApiError(code === 'not_admin' ? 403 : 400, code, 'server English'), 'general.errorServer').key);
    expect(keys).not.toContain('general.errorInvalid');
    expect(new Set(keys).size).toBe(GROUP_CODES.length);
  });

  it('names the limits', () => {
    expect(errorMessage(new ApiError(400, 'group_name_invalid', ''), en, 'general.errorServer')).toBe('A group name can be at most 100 characters.');
    expect(errorMessage(new ApiError(400, 'too_many_members', ''), en, 'general.errorServer')).toBe('A group can have at most 256 people.');
    expect(errorMessage(new ApiError(403, 'not_admin', ''), en, 'general.errorServer')).toBe('Only the group’s admins can do this.');
  });
});
