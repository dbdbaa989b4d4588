import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { CategoryCarousel } from '@/features/catalog/components/category-carousel';
import { CurrentOffers } from '@/features/catalog/components/current-offers';
import { FeaturedProducts } from '@/features/catalog/components/featured-products';
import { TrendingProducts } from '@/features/catalog/components/trending-products';
import { WhyChooseUs } from '@/features/catalog/components/why-choose-us';

/** The first screen sells clothes: a one-line welcome, the categories, then the photos. */
export default function HomeRoute() {
  return (
    <>
      <title>Mtumba — quality second-hand clothing in Kenya</title>
      <div className="home-intro">
        <h1 className="home-intro__title">Pre-loved clothes, one of a kind</h1>
        <p className="home-intro__text">
          Hand-picked second-hand fashion from Nairobi, priced in Ksh. <Link to={paths.products()}>Shop Now</Link>
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
