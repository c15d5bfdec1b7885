import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default. That is a hang guard, not a speed requirement: on a busy
// two-core machine (CI runs several suites side by side) a lazily loaded screen can take longer to appear.
configure({ asyncUtilTimeout: 10_000 });
