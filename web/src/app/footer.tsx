import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { NewsletterForm } from '@/features/newsletter/components/newsletter-form';
import { ContactDetails } from '@/features/shop/components/contact-details';

/** Below the fold on every page, so it loads as its own small chunk. */
export default function Footer() {
  const year = new Date().getFullYear();
  return (
    <footer className="site-footer mt-5">
      <div className="container py-4">
        <div className="row g-4">
          <div className="col-12 col-lg-4">
            <h2 className="h5">Newsletter</h2>
            <NewsletterForm />
          </div>
          <nav className="col-6 col-lg-2" aria-labelledby="footer-links-title">
            <h2 className="h5" id="footer-links-title">
              Quick Links
            </h2>
            <ul className="list-unstyled mb-0">
              <li>
                <Link to={paths.home()}>Home</Link>
              </li>
              <li>
                <Link to={paths.products()}>Products</Link>
              </li>
              <li>
                <Link to={paths.offers()}>Offers</Link>
              </li>
              <li>
                <Link to={paths.cart()}>Cart</Link>
              </li>
              <li>
                <Link to={paths.orders()}>My Orders</Link>
              </li>
              <li>
                <Link to={paths.contact()}>Contact us</Link>
              </li>
              <li>
                <Link to={paths.terms()}>Terms of Sale</Link>
              </li>
            </ul>
          </nav>
          <div className="col-6 col-lg-3">
            <h2 className="h5">Contact Us</h2>
            <ContactDetails />
          </div>
          <div className="col-12 col-lg-3">
            <h2 className="h5">We Accept</h2>
            <p className="mb-0">
              Card, M-Pesa, Apple Pay and Google Pay, through our hosted payment provider. We never see or store your
              card details.
            </p>
          </div>
        </div>
        <hr className="my-4" />
        <p className="small mb-0 d-flex flex-wrap gap-2 justify-content-between">
          <span>© {year} Mtumba. Quality second-hand clothing, priced in Ksh.</span>
          <Link to={paths.terms()}>Terms and Conditions</Link>
        </p>
      </div>
    </footer>
  );
}
