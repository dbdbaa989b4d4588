import { useState } from 'react';
import { api } from '@/lib/api-client';
import { useAuth } from '@/lib/auth/use-auth';
import messages from './catalogs/en/footer.json';
import { useLanguage, useT } from './index';
import { LANGUAGE_NAMES, LANGUAGES, rememberLanguage, type Language } from './language';

/**
 * English or Kiswahili, in the footer. The choice goes in a cookie (and on the account when signed
 * in), then the page is drawn again by the server in that language.
 */
export function LanguageSwitcher() {
  const t = useT(messages);
  const current = useLanguage();
  const { isSignedIn } = useAuth();
  const [switching, setSwitching] = useState(false);

  const choose = async (language: Language) => {
    if (language === current || switching) return;
    setSwitching(true);
    rememberLanguage(language);
    // The account keeps it for e-mails and SMS; the page changes language either way.
    if (isSignedIn) await api.put('/user/language', { language }).catch(() => undefined);
    window.location.reload();
  };

  return (
    <div className="language-switcher" role="group" aria-label={t('footer.language')}>
      {LANGUAGES.map((language) => (
        <button
          key={language}
          type="button"
          lang={language}
          className={`btn btn-sm ${language === current ? 'btn-light' : 'btn-outline-light'}`}
          aria-pressed={language === current}
          disabled={switching}
          onClick={() => void choose(language)}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </div>
  );
}
