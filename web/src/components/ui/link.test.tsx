import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MemoryRouter, Route, Routes, useLocation, useNavigationType } from 'react-router';
import { Link, LinkNavigation } from './link';

function Where() {
  const location = useLocation();
  return (
    <p data-testid="where">
      {location.pathname}
      {location.search} {useNavigationType()} {JSON.stringify(location.state)}
    </p>
  );
}

const page = (links: React.ReactNode, withNavigation = true) => {
  const body = (
    <>
      {links}
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </>
  );
  return render(
    <MemoryRouter initialEntries={['/products']}>
      {withNavigation ? <LinkNavigation>{body}</LinkNavigation> : body}
    </MemoryRouter>,
  );
};

describe('Link', () => {
  it('is a plain link to its path that a click follows within the app', () => {
    page(
      <Link to="/products/7?size=M" className="card-link">
        Kitenge dress
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Kitenge dress' });
    expect(link).toHaveAttribute('href', '/products/7?size=M');
    expect(link).toHaveClass('card-link');
    expect(fireEvent.click(link)).toBe(false);
    expect(screen.getByTestId('where')).toHaveTextContent('/products/7?size=M PUSH');
  });

  it('replaces the page rather than adding a step when it links to the page shown', () => {
    page(
      <>
        <Link to="/products">All products</Link>
        <Link to="/offers">Offers</Link>
      </>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'All products' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/products REPLACE');
    fireEvent.click(screen.getByRole('link', { name: 'Offers' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/offers PUSH');
  });

  it('leaves a click with a modifier key, or one its own handler took, to the browser', () => {
    const onClick = vi.fn((event: React.MouseEvent) => {
      if (event.altKey) event.preventDefault();
    });
    page(
      <Link to="/cart" onClick={onClick}>
        Cart
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Cart' });
    // a new tab: the browser opens the href, the app stays where it is
    expect(fireEvent.click(link, { ctrlKey: true })).toBe(true);
    expect(fireEvent.click(link, { button: 1 })).toBe(true);
    fireEvent.click(link, { altKey: true });
    expect(onClick).toHaveBeenCalledTimes(3);
    expect(screen.getByTestId('where')).toHaveTextContent('/products POP');
    fireEvent.click(link);
    expect(screen.getByTestId('where')).toHaveTextContent('/cart PUSH');
  });

  it('resolves a link that only changes the query against the page shown', () => {
    page(<Link to="?page=3&brand=Bata">Page 3</Link>);
    const link = screen.getByRole('link', { name: 'Page 3' });
    expect(link).toHaveAttribute('href', '/products?page=3&brand=Bata');
    fireEvent.click(link);
    expect(screen.getByTestId('where')).toHaveTextContent('/products?page=3&brand=Bata PUSH');
  });

  it('still navigates within the app without a LinkNavigation above it (a component drawn alone)', () => {
    page(<Link to="/offers">Offers</Link>, false);
    fireEvent.click(screen.getByRole('link', { name: 'Offers' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/offers PUSH');
  });
});
