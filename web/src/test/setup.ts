import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom lays nothing out, so nothing can scroll: its window.scrollTo only reports "Not implemented"
// on the console. The app scrolls to the top on each new screen and after saving a form; here that
// is what a browser does with a page that fits the window: nothing. A test about scrolling stubs it
// itself (see category-carousel.test.tsx).
window.scrollTo = () => {};

afterEach(() => {
  cleanup();
  localStorage.clear();
});
