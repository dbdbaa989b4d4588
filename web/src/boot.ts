// The first script of a page the server has drawn (home, lists, a product): it loads the app only
// after the page has been painted. On a slow connection the photos, text and stylesheet get the
// bandwidth first and the shopper sees the page about a second sooner; the app then takes the page
// over (hydrates) as main.tsx describes. Links work meanwhile, as they would with JavaScript off.
// A tap on a button (Add to Cart, the heart, Login), a choice in a menu (Sort by) or text typed in
// a field (the search box) before then is held and made again once the app has the page
// (app/early-input.tsx), so none is lost.
// The server names the entry and its chunks on this script's tag (modules/storefront/pages.ts).
// Kept free of imports and wrapped in a function: it runs as a plain script (a few hundred bytes)
// and leaves only what it holds on window.

(() => {
  const { entry, preload } = (document.currentScript as HTMLScriptElement).dataset;
  const chunks = preload ? preload.split(' ') : [];

  const held: HeldInput[] = [];
  const holdTap = (event: Event) => {
    const button = (event.target as Element | null)?.closest<HTMLElement>('#root button');
    if (!button) return;
    event.preventDefault();
    if (!held.some((input) => input.element === button)) held.push({ element: button });
  };
  // A menu's choice or a field's text: the element and its value, once (the latest value counts).
  const holdValue = (event: Event) => {
    const field = event.target as HTMLInputElement;
    if (!/^(SELECT|INPUT|TEXTAREA)$/.test(field.tagName) || /^(checkbox|radio)$/.test(field.type)) return;
    const earlier = held.find((input) => input.element === field);
    if (earlier) earlier.value = field.value;
    else held.push({ element: field, value: field.value });
  };
  document.addEventListener('click', holdTap, true);
  document.addEventListener('input', holdValue, true);
  document.addEventListener('change', holdValue, true);
  window.mtumbaEarlyInput = {
    take() {
      document.removeEventListener('click', holdTap, true);
      document.removeEventListener('input', holdValue, true);
      document.removeEventListener('change', holdValue, true);
      return held.splice(0);
    },
  };

  // Starting each preload's fetch costs the phone's main thread a few milliseconds: a product
  // page's two dozen chunks made one task of 75-100 ms at Lighthouse's 4x slowdown, a task in
  // which a tap waits. So they are added a few at a time, each few in a task of its own, and the
  // entry after the last of them (its imports then find their fetches under way).
  const PRELOADS_PER_TASK = 6;
  function startApp(from = 0): void {
    if (!entry) return;
    for (const href of chunks.slice(from, from + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    }
    if (from + PRELOADS_PER_TASK < chunks.length) {
      setTimeout(() => startApp(from + PRELOADS_PER_TASK), 0);
      return;
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.src = entry;
    document.head.appendChild(script);
  }

  // The callback of the next frame runs before that frame is painted; the timeout after it, once it
  // is. A tab opened in the background paints nothing, so it loads the app when it is first shown.
  requestAnimationFrame(() => setTimeout(() => startApp(), 0));
})();
