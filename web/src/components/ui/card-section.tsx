import type { ReactNode } from 'react';

interface CardSectionProps {
  /** the heading's id: the section is labelled by it */
  id: string;
  title: ReactNode;
  /** the heading's classes, e.g. 'h5' or 'h6 mb-1' */
  headingClassName: string;
  /** more classes on the card, e.g. 'mb-4' or 'h-100' */
  className?: string;
  children: ReactNode;
}

/** A titled block of a page drawn as a card: section.card labelled by its h2, inside a card body. */
export function CardSection({ id, title, headingClassName, className, children }: CardSectionProps) {
  return (
    <section className={className ? `card ${className}` : 'card'} aria-labelledby={id}>
      <div className="card-body">
        <h2 className={headingClassName} id={id}>
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}
