import { GROUP_REGISTERS } from '@parley/common/client';
import type { CatalogKey, GroupRegister } from '@parley/common';

/** Catalog keys of each group register (tone): its label and a few words on how it reads. */
export const REGISTER_KEYS: Record<GroupRegister, { label: CatalogKey; description: CatalogKey }> = {
  family: { label: 'chat.groupToneFamily', description: 'chat.groupToneFamilyDescription' },
  friends: { label: 'chat.groupToneFriends', description: 'chat.groupToneFriendsDescription' },
  colleagues: { label: 'chat.groupToneColleagues', description: 'chat.groupToneColleaguesDescription' },
  formal: { label: 'chat.groupToneFormal', description: 'chat.groupToneFormalDescription' },
  mixed: { label: 'chat.groupToneMixed', description: 'chat.groupToneMixedDescription' },
};

export const REGISTER_OPTIONS = GROUP_REGISTERS.map((r) => r.register);
