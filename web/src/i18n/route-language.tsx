import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'react-router';
import { LanguageProvider, useLanguage } from './index';
import { isAdminPath, type Language } from './language';

/** The language a path is drawn in: the shopper's choice, except on the admin's screens (English). */
export function routeLanguage(pathname: string, chosen: Language): Language {
  return isAdminPath(pathname) ? 'en' : chosen;
}

/**
 * Draws everything inside in the language of the current path: the admin's screens, and the parts
 * they share with the storefront (the top bar, the footer, buttons), stay English when the browser
 * chose Kiswahili; back on the storefront the choice applies again. The server draws every shell
 * in the chosen language, so the app knows it (and has its catalogs) whichever screen it starts
 * on. `<html lang>` follows the path, which is what texts made outside React (toasts, validation
 * messages) and screen readers go by; where it differs from the choice, `data-chosen-lang` keeps
 * the choice (chosenLanguage()).
 */
export function RouteLanguage({ children }: { children: ReactNode }) {
  const chosen = useLanguage();
  const language = routeLanguage(useLocation().pathname, chosen);
  useEffect(() => {
    const root = document.documentElement;
    if (language === chosen) delete root.dataset.chosenLang;
    else root.dataset.chosenLang = chosen;
    root.lang = language;
  }, [language, chosen]);
  return <LanguageProvider language={language}>{children}</LanguageProvider>;
}
