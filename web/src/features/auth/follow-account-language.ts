import { chosenLanguage, isAdminPath, isLanguage, rememberLanguage } from '@/i18n/language';

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
 * Right after a sign-in: when the account keeps a language ('en' or 'sw') this browser did not
 * choose (a new device, or a shared one someone else left in the other language), that language
 * becomes this browser's and the page is drawn again in it (an admin screen, English anyway, is
 * not). Returns whether it was drawn again.
 */
export function followAccountLanguage(profile: { language?: string } | undefined): boolean {
  if (createdHere) {
    createdHere = false;
    return false;
  }
  const language = profile?.language;
  if (!isLanguage(language) || language === chosenLanguage()) return false;
  rememberLanguage(language);
  // the admin's screens are English whatever the choice: drawing one again would change nothing
  if (isAdminPath(window.location.pathname)) return false;
  page.reload();
  return true;
}
