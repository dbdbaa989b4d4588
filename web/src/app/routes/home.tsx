import { CategoryCarousel } from '@/features/catalog/components/category-carousel';
import { CurrentOffers } from '@/features/catalog/components/current-offers';
import { FeaturedProducts } from '@/features/catalog/components/featured-products';
import { HeroCarousel } from '@/features/catalog/components/hero-carousel';
import { TrendingProducts } from '@/features/catalog/components/trending-products';
import { WhyChooseUs } from '@/features/catalog/components/why-choose-us';

export default function HomeRoute() {
  return (
    <>
      <title>Mtumba — quality second-hand clothing in Kenya</title>
      <HeroCarousel />
      <CategoryCarousel />
      <FeaturedProducts />
      <CurrentOffers />
      <TrendingProducts />
      <WhyChooseUs />
    </>
  );
}
