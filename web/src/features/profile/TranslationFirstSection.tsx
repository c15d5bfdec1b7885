import { ProfileSwitch } from './ProfileSwitch.tsx';

/**
 * Profile -> "Show my language first" (off by default, the spec's layout): on, the translation is the main text of
 * what I read (chat, groups, search results, notifications) and the original is one tap away.
 */
export function TranslationFirstSection() {
  return (
    <ProfileSwitch
      field="translation_first" defaultOn={false} title="phone.showMineFirst" hint="phone.showMineFirstHint"
      testId="translation-first" failed="general.errorServer"
    />
  );
}
