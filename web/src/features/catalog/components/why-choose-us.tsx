import { Icon } from '@/components/ui/icon';
import messages from '@/i18n/catalogs/en/browse.json';
import { useT } from '@/i18n';

const ICONS = {
  // price tag
  price:
    'M20.6 12.6 11.4 3.4A2 2 0 0 0 10 2.8H4a1.2 1.2 0 0 0-1.2 1.2v6a2 2 0 0 0 .6 1.4l9.2 9.2a2 2 0 0 0 2.8 0l5.2-5.2a2 2 0 0 0 0-2.8zM7.5 9A1.5 1.5 0 1 1 7.5 6a1.5 1.5 0 0 1 0 3z',
  // shop front
  local:
    'M4 4h16l1.5 5a3 3 0 0 1-5.5 1.7A3 3 0 0 1 12 12a3 3 0 0 1-4-1.3A3 3 0 0 1 2.5 9zM4 13.5V20h6v-4h4v4h6v-6.5a4.5 4.5 0 0 1-4-1 4.9 4.9 0 0 1-4 1.5 4.9 4.9 0 0 1-4-1.5 4.5 4.5 0 0 1-4 1z',
  // sparkle
  unique:
    'M12 2l2.2 6.3L20.5 10l-6.3 2.2L12 18.5l-2.2-6.3L3.5 10l6.3-1.7zM19 15l.9 2.1L22 18l-2.1.9L19 21l-.9-2.1L16 18l2.1-.9z',
};

const REASONS = [
  { icon: ICONS.price, title: 'why.price', text: 'why.priceText' },
  { icon: ICONS.local, title: 'why.local', text: 'why.localText' },
  { icon: ICONS.unique, title: 'why.unique', text: 'why.uniqueText' },
] as const;

/** The three why-choose-us cards of the home page. */
export function WhyChooseUs() {
  const t = useT(messages);
  return (
    <section className="why-choose-us mb-5" aria-labelledby="why-title">
      <h2 id="why-title" className="h4 section-title">
        {t('why.title')}
      </h2>
      <div className="row g-3">
        {REASONS.map((reason) => (
          <div key={reason.title} className="col-12 col-md-4">
            <div className="card h-100 text-center border-0 shadow-sm">
              <div className="card-body">
                <Icon size={44} className="why-icon mb-2" path={reason.icon} />
                <h3 className="h5 card-title">{t(reason.title)}</h3>
                <p className="card-text">{t(reason.text)}</p>
              </div>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
