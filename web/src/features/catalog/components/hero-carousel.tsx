import { useState } from 'react';
import Carousel from 'react-bootstrap/Carousel';
import { Link } from 'react-router';
import { TIMINGS } from '@mtumba/contract/constants';
import { OFFER_COPY } from '@/config/offers';
import { paths } from '@/config/paths';

const prefersReducedMotion = () =>
  typeof window !== 'undefined' && window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/** The three offers, fading every 5 s, with a visible pause/play button (WCAG 2.2.2). */
export function HeroCarousel() {
  const [paused, setPaused] = useState(prefersReducedMotion);
  return (
    <section className="hero mb-4" aria-roledescription="carousel" aria-label="Current offers">
      <Carousel fade interval={paused ? null : TIMINGS.carouselIntervalMs} controls indicators pause="hover">
        {OFFER_COPY.map((offer, i) => (
          <Carousel.Item key={offer.id}>
            <div className={`hero-slide hero-slide--${i + 1}`}>
              <div className="hero-slide__content">
                {i === 0 ? (
                  <h1 className="hero-slide__title">{offer.headline}</h1>
                ) : (
                  <h2 className="hero-slide__title">{offer.headline}</h2>
                )}
                <p className="hero-slide__text">{offer.description}</p>
                <Link to={paths.products()} className="btn btn-light btn-lg">
                  Shop Now
                </Link>
              </div>
            </div>
          </Carousel.Item>
        ))}
      </Carousel>
      <button
        type="button"
        className="hero__pause btn btn-sm btn-light"
        onClick={() => setPaused((p) => !p)}
        aria-pressed={paused}
      >
        <span aria-hidden="true">{paused ? '▶' : '❚❚'}</span> {paused ? 'Play slideshow' : 'Pause slideshow'}
      </button>
    </section>
  );
}
