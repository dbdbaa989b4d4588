import { act, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import messages from '@/i18n/catalogs/en/layout.json';
import { LanguageProvider, loadLanguage, useT } from '@/i18n';
import { renderWithProviders } from '@/lib/testing';
import { chosenLanguage, pageLanguage } from './language';
import { RouteLanguage } from './route-language';

beforeAll(() => loadLanguage('sw'));
afterEach(() => {
  document.documentElement.lang = 'en';
  delete document.documentElement.dataset.chosenLang;
});

/** A piece the storefront and the admin share (the top bar's cart link's word). */
function SharedPiece() {
  const t = useT(messages);
  return <p>{t('nav.cart')}</p>;
}

function app(chosen: 'en' | 'sw') {
  return (
    <LanguageProvider language={chosen}>
      <RouteLanguage>
        <SharedPiece />
      </RouteLanguage>
    </LanguageProvider>
  );
}

describe('the language of a path', () => {
  it('is English on the admin screens when the browser chose Kiswahili, and Kiswahili again on the storefront', async () => {
    document.documentElement.lang = 'sw';
    const { router } = renderWithProviders(app('sw'), { path: '/admin/orders' });
    expect(screen.getByText('Cart')).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');
    // texts made outside React (toasts) go by the page's language; the choice is still known
    expect(pageLanguage()).toBe('en');
    expect(chosenLanguage()).toBe('sw');

    await act(() => router.navigate('/cart'));
    expect(screen.getByText('Kikapu')).toBeInTheDocument();
    expect(pageLanguage()).toBe('sw');
    expect(chosenLanguage()).toBe('sw');

    await act(() => router.navigate('/add-product'));
    expect(screen.getByText('Cart')).toBeInTheDocument();
    await act(() => router.navigate('/administrators-guide'));
    expect(screen.getByText('Kikapu')).toBeInTheDocument();
  });

  it('leaves an English shop English everywhere', async () => {
    const { router } = renderWithProviders(app('en'), { path: '/' });
    expect(screen.getByText('Cart')).toBeInTheDocument();
    await act(() => router.navigate('/admin'));
    expect(screen.getByText('Cart')).toBeInTheDocument();
    expect(pageLanguage()).toBe('en');
  });
});
