import { useLocation } from 'react-router';
import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form';
import { ContactDetails } from '@/features/shop/components/contact-details';
import messages from '@/i18n/catalogs/en/layout.json';
import footerMessages from '@/i18n/catalogs/en/footer.json';
import { useT } from '@/i18n';
import { isAdminPath } from '@/i18n/language';
import { LanguageSwitcher } from '@/i18n/language-switcher';

/** Below the fold on every page, so it loads as its own small chunk. */
export default function Footer() {
  const nav = useT(messages);
  const t = useT(footerMessages);
  const year = new Date().getFullYear();
  // the admin's screens stay English: no language to choose there
  const admin = isAdminPath(useLocation().pathname);
  return (
    <footer className="site-footer mt-5">
      <div className="container py-4">
        <div className="row g-4">
          <div className="col-12 col-lg-4">
            <h2 className="h5">{t('footer.newsletter')}</h2>
            <NewsletterForm />
          </div>
          <nav className="col-6 col-lg-2" aria-labelledby="footer-links-title">
            <h2 className="h5" id="footer-links-title">
              {t('footer.quickLinks')}
            </h2>
            <ul className="list-unstyled mb-0">
              <li>
                <Link to={paths.home()}>{nav('nav.home')}</Link>
              </li>
              <li>
                <Link to={paths.products()}>{nav('nav.products')}</Link>
              </li>
              <li>
                <Link to={paths.offers()}>{t('footer.offers')}</Link>
              </li>
              <li>
                <Link to={paths.cart()}>{nav('nav.cart')}</Link>
              </li>
              <li>
                <Link to={paths.orders()}>{t('footer.myOrders')}</Link>
              </li>
              <li>
                <Link to={paths.contact()}>{t('footer.contactUs')}</Link>
              </li>
              <li>
                <Link to={paths.terms()}>{t('footer.termsOfSale')}</Link>
              </li>
            </ul>
          </nav>
          <div className="col-6 col-lg-3">
            <h2 className="h5">{t('footer.contactTitle')}</h2>
            <ContactDetails />
          </div>
          <div className="col-12 col-lg-3">
            <h2 className="h5">{t('footer.weAccept')}</h2>
            <p>{t('footer.payments')}</p>
            {!admin && (
              <>
                <h2 className="h5">{t('footer.language')}</h2>
                <LanguageSwitcher />
              </>
            )}
          </div>
        </div>
        <hr className="my-4" />
        <p className="small mb-0 d-flex flex-wrap gap-2 justify-content-between">
          <span>{t('footer.copyright', { year })}</span>
          <Link to={paths.terms()}>{t('footer.terms')}</Link>
        </p>
      </div>
    </footer>
  );
}
