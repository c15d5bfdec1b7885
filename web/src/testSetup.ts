import { configure } from '@testing-library/react';
import { ENGLISH_REST } from '@parley/common/i18n/rest';
import { addEnglish } from './lib/english.ts';

// Every English string at hand, as on a signed-in screen (the sign-in page's first download holds fewer: lib/english.ts).
addEnglish(ENGLISH_REST);

// findBy*/waitFor give up after 1 s by default. That is a hang guard, not a speed requirement: on a busy
// two-core machine (CI runs several suites side by side) a lazily loaded screen can take longer to appear.
configure({ asyncUtilTimeout: 10_000 });
