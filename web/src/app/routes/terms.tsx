import { Link } from '@/components/ui/link';
import { paths } from '@/config/paths';
import messages from '@/i18n/catalogs/en/pages.json';
import { useT } from '@/i18n';

/** The numbered sections whose text has no link in it. */
const PLAIN_SECTIONS = [
  ['terms.1', 'terms.1text'],
  ['terms.2', 'terms.2text'],
  ['terms.3', 'terms.3text'],
] as const;
const LATER_SECTIONS = [
  ['terms.5', 'terms.5text'],
  ['terms.6', 'terms.6text'],
  ['terms.7', 'terms.7text'],
] as const;

export default function TermsRoute() {
  const t = useT(messages);
  const section = ([heading, text]: readonly [keyof typeof messages, keyof typeof messages]) => [
    <h2 key={heading} className="h5 mt-4">
      {t(heading)}
    </h2>,
    <p key={text}>{t(text)}</p>,
  ];
  return (
    <article className="terms mx-auto" style={{ maxWidth: '48rem' }}>
      <title>{t('terms.title')}</title>
      <h1 className="h3">{t('terms.heading')}</h1>
      <p className="text-body-secondary">{t('terms.intro')}</p>

      {PLAIN_SECTIONS.map(section)}

      <h2 className="h5 mt-4">{t('terms.4')}</h2>
      <p>
        {t('terms.4before')} <Link to={paths.offers()}>{t('terms.4link')}</Link>
        {t('terms.4after')}
      </p>

      {LATER_SECTIONS.map(section)}

      <h2 className="h5 mt-4">{t('terms.8')}</h2>
      <p>
        {t('terms.8before')} <a href="mailto:hello@mtumba.example">hello@mtumba.example</a> {t('terms.or')}{' '}
        <a href="tel:+254700000000">+254 700 000 000</a>
        {t('terms.8after')}
      </p>
    </article>
  );
}
