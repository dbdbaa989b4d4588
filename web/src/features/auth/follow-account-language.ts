import { isLanguage, pageLanguage, rememberLanguage } from '@/i18n/language';

/** How the page is drawn again (a test stands in for it). */
export const page = { reload: (): void => window.location.reload() };

let createdHere = false;

/**
 * An account was just made in this tab (registration, or a claim link): it is new and in the
 * page's language already, so the sign-in that follows leaves the page as it is, whatever a
 * server that has not stored the new account's language yet answers.
 */
export function accountCreatedHere(): void {
  createdHere = true;
}

/**
 * Right after a sign-in: when the account keeps a language ('en' or 'sw') the page is not in (a
 * new device, or a shared one someone else left in the other language), that language becomes
 * this browser's and the page is drawn again in it. Returns whether it did.
 */
export function followAccountLanguage(profile: { language?: string } | undefined): boolean {
  if (createdHere) {
    createdHere = false;
    return false;
  }
  const language = profile?.language;
  if (!isLanguage(language) || language === pageLanguage()) return false;
  rememberLanguage(language);
  page.reload();
  return true;
}
