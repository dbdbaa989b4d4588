const REASONS = [
  {
    icon: '🏷️',
    title: 'Affordable prices',
    text: 'Quality second-hand clothes, shoes and bags at a fraction of the price of new, all priced in Ksh.',
  },
  {
    icon: '🤝',
    title: 'Support a local business',
    text: 'Every order supports a small Nairobi business and the people who sort, clean and mend each piece.',
  },
  {
    icon: '✨',
    title: 'Unique styles',
    text: 'Most of our pieces are one of a kind, so your look is yours alone. New stock arrives every week.',
  },
];

/** The three why-choose-us cards of the home page. */
export function WhyChooseUs() {
  return (
    <section className="why-choose-us mb-5" aria-labelledby="why-title">
      <h2 id="why-title" className="h4 section-title">
        Why Shop With Us
      </h2>
      <div className="row g-3">
        {REASONS.map((reason) => (
          <div key={reason.title} className="col-12 col-md-4">
            <div className="card h-100 text-center border-0 shadow-sm">
              <div className="card-body">
                <div className="fs-1" aria-hidden="true">
                  {reason.icon}
                </div>
                <h3 className="h5 card-title">{reason.title}</h3>
                <p className="card-text">{reason.text}</p>
              </div>
            </div>
          </div>
        ))}
      </div>
    </section>
  );
}
