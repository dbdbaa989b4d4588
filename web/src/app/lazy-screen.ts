import { createElement, lazy, useState, type ComponentType } from 'react';

/** A lazily loaded component that can also be loaded ahead, before React first renders it. */
export interface LazyScreen {
  (): React.ReactElement;
  /** loads the module; once it is in, the component renders without suspending */
  preload(): Promise<void>;
}

/**
 * Like React.lazy, with `preload()`. A server-drawn page hydrates with its screen (and footer)
 * already loaded: a lazy part that suspended during hydration would leave React waiting, and any
 * update meanwhile (the signed-in state, a refetch) makes it throw the server's HTML away and draw
 * the page again, spinner first (docs/architecture.md section 19).
 */
export function lazyScreen(load: () => Promise<{ default: ComponentType }>): LazyScreen {
  let loaded: ComponentType | null = null;
  const Lazy = lazy(load);
  function Screen() {
    // Chosen once: a screen that started lazy stays lazy, so it is never mounted twice.
    const [Component] = useState<ComponentType>(() => loaded ?? Lazy);
    return createElement(Component);
  }
  Screen.preload = () =>
    load().then((module) => {
      loaded = module.default;
    });
  return Screen;
}
