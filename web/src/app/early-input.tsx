import { useEffect } from 'react';

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

/**
 * The taps and choices a shopper made on a server-drawn page before the app had it (the loader,
 * src/boot.ts, held them). Taking them also stops the holding, so call this just before hydrating:
 * from then on React itself replays a tap on a part it has not hydrated yet.
 */
export function takeEarlyInput(): HeldInput[] {
  return window.mtumbaEarlyInput?.take() ?? [];
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
 * the signed-in state (with every handler that depends on it) arrives in the render React makes
 * right after, within the same task; the timeout runs after that render.
 */
export function ReplayEarlyInput({ held }: { held: HeldInput[] }) {
  useEffect(() => {
    setTimeout(() => {
      for (const { element, value } of held) {
        if (!element.isConnected) continue;
        if (value === undefined) element.click();
        else if (element instanceof HTMLSelectElement) {
          element.value = value;
          element.dispatchEvent(new Event('change', { bubbles: true }));
        } else retype(element as HTMLInputElement | HTMLTextAreaElement, value);
      }
    });
  }, [held]);
  return null;
}
