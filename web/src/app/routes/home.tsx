import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import { CategoryCarousel } from '@/features/catalog/components/category-carousel';
import { CurrentOffers } from '@/features/catalog/components/current-offers';
import { FeaturedProducts } from '@/features/catalog/components/featured-products';
import { TrendingProducts } from '@/features/catalog/components/trending-products';
import { WhyChooseUs } from '@/features/catalog/components/why-choose-us';
import messages from '@/i18n/catalogs/en/browse.json';
import { useT } from '@/i18n';

/** The first screen sells clothes: a one-line welcome, the categories, then the photos. */
export default function HomeRoute() {
  const t = useT(messages);
  return (
    <>
      <title>{t('home.title')}</title>
      <div className="home-intro">
        <h1 className="home-intro__title">{t('home.heading')}</h1>
        <p className="home-intro__text">
          {t('home.intro')} <Link to={paths.products()}>{t('home.shopNow')}</Link>
        </p>
      </div>
      <CategoryCarousel />
      <FeaturedProducts />
      <CurrentOffers />
      <TrendingProducts />
      <WhyChooseUs />
    </>
  );
}
