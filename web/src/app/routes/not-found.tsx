import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import messages from '@/i18n/catalogs/en/pages.json';
import { useT } from '@/i18n';

export default function NotFoundRoute() {
  const t = useT(messages);
  return (
    <div className="text-center py-5">
      <title>{t('nf.title')}</title>
      <h1 className="h3">{t('nf.heading')}</h1>
      <p>{t('nf.text')}</p>
      <div className="d-flex justify-content-center gap-2">
        <Link to={paths.home()} className="btn btn-primary">
          {t('nf.home')}
        </Link>
        <Link to={paths.products()} className="btn btn-outline-primary">
          {t('nf.browse')}
        </Link>
      </div>
    </div>
  );
}
