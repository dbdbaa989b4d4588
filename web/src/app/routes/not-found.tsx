import { Link } from 'react-router';
import { paths } from '@/config/paths';

export default function NotFoundRoute() {
  return (
    <div className="text-center py-5">
      <title>Page not found — Mtumba</title>
      <h1 className="h3">Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <div className="d-flex justify-content-center gap-2">
        <Link to={paths.home()} className="btn btn-primary">
          Go Home
        </Link>
        <Link to={paths.products()} className="btn btn-outline-primary">
          Browse Products
        </Link>
      </div>
    </div>
  );
}
