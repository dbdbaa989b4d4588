import { useEffect } from 'react';
import { useAuthSettled } from '@/lib/auth/use-auth';

// Declared globally: the loader (src/boot.ts) is a plain script and names these without imports.
declare global {
  /** A tap on a button, a menu's choice or a field's text, made before the app had the page. */
  interface HeldInput {
    element: HTMLElement;
    /** the menu's chosen value or the field's text; none for a tap */
    value?: string;
  }
  interface Window {
    mtumbaEarlyInput?: { take(): HeldInput[] };
  }
}

/** What the loader held, taken from it; `replay()` makes it again, once. */
export interface EarlyInput {
  replay(): void;
}

/**
 * The taps and choices a shopper made on a server-drawn page before the app had it (the loader,
 * src/boot.ts, held them). Taking them also stops the holding, so call this just before hydrating:
 * from then on React itself replays a tap on a part it has not hydrated yet.
 */
export function takeEarlyInput(): EarlyInput {
  const held = window.mtumbaEarlyInput?.take() ?? [];
  // What the shopper does again once React has the page stands, and the held copy is dropped: a
  // button tapped again is not tapped a third time, a field's newer text is not typed over. A
  // field's new text is known at its `beforeinput`, which every real edit sends first (typing, a
  // paste, a drop, a deletion), even one whose field takes the text itself and cancels it, so that
  // no `input` follows (a paste while the app hydrates: the newest text wins over the held one).
  const supersede = (event: Event) => {
    const target = event.target as Element | null;
    const index = held.findIndex((input) =>
      input.value === undefined
        ? event.type === 'click' && target !== null && input.element.contains(target)
        : event.type !== 'click' && input.element === target,
    );
    if (index >= 0) held.splice(index, 1);
  };
  const events = ['click', 'beforeinput', 'input', 'change'];
  for (const name of events) document.addEventListener(name, supersede, true);
  return {
    replay() {
      for (const name of events) document.removeEventListener(name, supersede, true);
      for (const { element, value } of held.splice(0)) {
        if (!element.isConnected) continue;
        if (value === undefined) element.click();
        else if (element instanceof HTMLSelectElement) {
          element.value = value;
          element.dispatchEvent(new Event('change', { bubbles: true }));
        } else retype(element as HTMLInputElement | HTMLTextAreaElement, value);
      }
    },
  };
}

/**
 * Puts text typed before hydration back into a field as if typed now. React notices typing by
 * comparing the field's value with the one it last saw (it watches the element's `value`): the
 * field is emptied through that watch, then given the text past it (the prototype's setter), so the
 * input event that follows carries a change and reaches the field's onChange.
 */
function retype(field: HTMLInputElement | HTMLTextAreaElement, text: string): void {
  field.value = '';
  const proto = field instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(field, text);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Renders nothing; makes each held tap or choice again, in order, once the page is the shopper's
 * own. Not in the hydration's effects: hydration draws the page as the server did, signed out, and
 * the signed-in state (with every handler that depends on it) arrives in a render after that
 * (lib/auth/use-auth.ts). The replay waits for that render; the timeout lets its effects run first.
 */
export function ReplayEarlyInput({ input }: { input: EarlyInput }) {
  const settled = useAuthSettled();
  useEffect(() => {
    if (!settled) return;
    const timer = setTimeout(() => input.replay());
    return () => clearTimeout(timer);
  }, [input, settled]);
  return null;
}
