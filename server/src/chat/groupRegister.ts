import { DEFAULT_GROUP_REGISTER, GROUP_REGISTERS, type GroupRegister, type RelationshipContext } from '@parley/common';

/** A group's register as the translator's relationship context: it sets the formality of every message. */
export function registerContext(register: GroupRegister | null): RelationshipContext {
  const entry = GROUP_REGISTERS.find((r) => r.register === register) ?? GROUP_REGISTERS.find((r) => r.register === DEFAULT_GROUP_REGISTER)!;
  return { type: entry.formality === 'informal' ? 'close_friend' : entry.formality === 'formal' ? 'professional' : 'general', formality: entry.formality, description: `group: ${entry.register}` };
}
