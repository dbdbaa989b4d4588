import { afterEach, describe, expect, it } from 'vitest';
import { hideOfflineNote, offlineNoteHtml, showOfflineNote } from './note';
import { timeOfDay } from './messages';

afterEach(() => hideOfflineNote());

describe('the offline note', () => {
  const at = new Date(2026, 10, 26, 14, 5).getTime();

  it('says when the copy shown was kept, as the shop writes times', () => {
    expect(timeOfDay(at)).toBe('14:05');
    expect(offlineNoteHtml(at)).toContain('Offline — showing what you saw at 14:05');
  });

  it('shows once at the top of the page, with the oldest copy’s time', () => {
    showOfflineNote(at);
    showOfflineNote(at + 60_000);
    expect(document.querySelectorAll('#offline-note')).toHaveLength(1);
    expect(document.body.firstElementChild).toHaveTextContent('Offline — showing what you saw at 14:05');
    showOfflineNote(at - 3_600_000);
    expect(document.querySelectorAll('[role="status"]')).toHaveLength(1);
    expect(document.getElementById('offline-note')).toHaveTextContent('Offline — showing what you saw at 13:05');
    hideOfflineNote();
    expect(document.getElementById('offline-note')).toBeNull();
  });
});
