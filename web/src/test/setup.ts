import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// findBy… and waitFor give up after 1 s by default: on a busy two-core machine (CI, several suites at
// once) a screen can take longer than that to render its data, and a correct test failed ("Unable to
// find role…"). They return as soon as the element is there; this is only how long they keep trying.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
