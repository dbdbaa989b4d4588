import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lays nothing out, so nothing can scroll: its window.scrollTo only reports "Not implemented"
// on the console. The app scrolls to the top on each new screen and after saving a form; here that
// is what a browser does with a page that fits the window: nothing. A test about scrolling stubs it
// itself (see category-carousel.test.tsx).
window.scrollTo = () => {};

// findBy… and waitFor give up after 1 s by default: on a busy two-core machine (CI, several suites at
// once) a screen can take longer than that to render its data, and a correct test failed ("Unable to
// find role…"). They return as soon as the element is there; this is only how long they keep trying.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  localStorage.clear();
});
