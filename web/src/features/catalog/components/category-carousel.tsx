import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { Link } from '@/components/ui/link';
import { TIMINGS } from '@mtumba/contract/constants';
import { paths } from '@/config/paths';
import { useCategories } from '../api/get-categories';
import messages from '@/i18n/catalogs/en/browse.json';
import { useT } from '@/i18n';

const prefersReducedMotion = () => window.matchMedia?.('(prefers-reduced-motion: reduce)').matches === true;

/**
 * ALL plus one tab per category, in upper case; the arrows scroll the track by 70% of its width
 * (docs/product.md section 9). The tab of the current path is highlighted. When the tabs overflow, the
 * track moves on by one step every 5 s, back to the start after the end (docs/product.md section 9): not
 * while the pointer rests on it, never with reduced motion, and never again once the shopper
 * touches, scrolls or focuses it (WCAG 2.2.2).
 */
export function CategoryCarousel() {
  const t = useT(messages);
  const { data: categories, isLoading } = useCategories();
  const track = useRef<HTMLDivElement>(null);
  const hovered = useRef(false);
  const stopped = useRef(false);
  const { pathname } = useLocation();
  const activeId = /^\/products\/category\/([^/]+)/.exec(pathname)?.[1];
  const allActive = pathname === paths.products() || pathname === paths.home();

  const scroll = (direction: 1 | -1) => {
    const el = track.current;
    if (!el) return;
    el.scrollBy({
      left: direction * el.clientWidth * TIMINGS.categoryScrollStep,
      behavior: prefersReducedMotion() ? 'auto' : 'smooth',
    });
  };

  useEffect(() => {
    if (prefersReducedMotion()) return;
    const timer = window.setInterval(() => {
      const el = track.current;
      if (!el || stopped.current || hovered.current) return;
      const end = el.scrollWidth - el.clientWidth;
      if (end <= 1) return;
      if (el.scrollLeft >= end - 1) el.scrollTo({ left: 0, behavior: 'smooth' });
      else el.scrollBy({ left: el.clientWidth * TIMINGS.categoryScrollStep, behavior: 'smooth' });
    }, TIMINGS.carouselIntervalMs);
    return () => window.clearInterval(timer);
  }, []);

  // The chosen category's pill is brought into view (centred in the track), without moving the page.
  const loaded = Boolean(categories);
  useEffect(() => {
    const el = track.current;
    const pill = el?.querySelector<HTMLElement>('.category-pill.active');
    if (!el || !pill) return;
    const left = pill.offsetLeft - el.offsetLeft - (el.clientWidth - pill.offsetWidth) / 2;
    el.scrollLeft = Math.max(0, left);
  }, [activeId, loaded]);

  const stop = () => {
    stopped.current = true;
  };

  return (
    <nav
      className="category-carousel"
      aria-label={t('carousel.label')}
      onPointerEnter={() => (hovered.current = true)}
      onPointerLeave={() => (hovered.current = false)}
      onPointerDown={stop}
      onTouchStart={stop}
      onWheel={stop}
      onFocus={stop}
    >
      <button
        type="button"
        className="category-carousel__arrow"
        onClick={() => scroll(-1)}
        aria-label={t('carousel.left')}
      >
        <span aria-hidden="true">‹</span>
      </button>
      <div className="category-carousel__track" ref={track}>
        <Link
          to={paths.products()}
          className={`category-pill ${allActive ? 'active' : ''}`}
          aria-current={allActive ? 'page' : undefined}
        >
          {t('carousel.all')}
        </Link>
        {isLoading
          ? Array.from({ length: 5 }, (_, i) => (
              <span key={i} className="category-pill placeholder-glow" aria-hidden="true">
                <span className="placeholder" style={{ width: '5rem' }} />
              </span>
            ))
          : (categories ?? []).map((category) => {
              const active = String(category.id) === activeId;
              return (
                <Link
                  key={category.id}
                  to={paths.category(category.id)}
                  className={`category-pill ${active ? 'active' : ''}`}
                  aria-current={active ? 'page' : undefined}
                >
                  {category.name.toUpperCase()}
                </Link>
              );
            })}
      </div>
      <button
        type="button"
        className="category-carousel__arrow"
        onClick={() => scroll(1)}
        aria-label={t('carousel.right')}
      >
        <span aria-hidden="true">›</span>
      </button>
    </nav>
  );
}
