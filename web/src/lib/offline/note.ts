import { pageLanguage, type Language } from '@/i18n/language';
import { offlineText } from './messages';

// The "Offline — showing what you saw at 14:05" note: the service worker writes it into a kept
// page it serves (src/sw.ts), and the page adds it itself when the service worker says a catalogue
// reply came from what it kept (./register.ts). One look for both, outside the app's root.

/** The header the service worker stamps on what it keeps: when (ms since 1970). */
export const CACHED_AT_HEADER = 'X-Mtumba-Cached-At';
/** The message the service worker posts to a page served a kept catalogue reply. */
export const SW_MESSAGE = 'mtumba:from-cache';
export const OFFLINE_NOTE_ID = 'offline-note';

const STYLE =
  'position:sticky;top:0;z-index:1040;background:#f6ece4;color:#5c2d14;border-bottom:1px solid #e4dcd5;' +
  'padding:.5rem 1rem;text-align:center;font-weight:600;font-size:.9375rem';

/** The note's HTML, in `language` (the page's, when a page adds it). */
export function offlineNoteHtml(cachedAt: number, language: Language = pageLanguage()): string {
  return `<div id="${OFFLINE_NOTE_ID}" role="status" data-cached-at="${cachedAt}" style="${STYLE}">${offlineText(language).showingSaved(cachedAt)}</div>`;
}

/** Shows the note (or moves its time to the oldest copy shown) on the current page. */
export function showOfflineNote(cachedAt: number): void {
  const existing = document.getElementById(OFFLINE_NOTE_ID);
  if (existing) {
    const shown = Number(existing.dataset.cachedAt);
    if (shown && shown <= cachedAt) return;
    existing.remove();
  }
  document.body.insertAdjacentHTML('afterbegin', offlineNoteHtml(cachedAt));
}

export function hideOfflineNote(): void {
  document.getElementById(OFFLINE_NOTE_ID)?.remove();
}
