import { useEffect, useState, type ReactNode } from 'react';
import { formatKsh } from '@mtumba/contract/money';
import { Icon } from './icon';
import messages from '@/i18n/catalogs/en/ui-forms.json';
import { useT } from '@/i18n';

/** A wa.me link: to `phone` (digits, country code first) when given, else WhatsApp asks whom to send it to. */
export function whatsAppUrl(text: string, phone?: string | null): string {
  const digits = (phone ?? '').replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(text)}`;
}

interface WhatsAppLinkProps {
  text: string;
  phone?: string | null;
  className?: string;
  children: ReactNode;
}

/** Opens WhatsApp (app or web) with the message written; no API, just a link. */
export function WhatsAppLink({ text, phone, className = 'btn btn-whatsapp', children }: WhatsAppLinkProps) {
  return (
    <a href={whatsAppUrl(text, phone)} className={className} target="_blank" rel="noopener noreferrer">
      <WhatsAppIcon />
      <span>{children}</span>
    </a>
  );
}

function WhatsAppIcon() {
  return (
    <Icon
      size={20}
      className="me-2 flex-shrink-0"
      path="M12 2a10 10 0 0 0-8.6 15.1L2 22l5-1.3A10 10 0 1 0 12 2Zm0 18.2a8.2 8.2 0 0 1-4.2-1.1l-.3-.2-3 .8.8-2.9-.2-.3A8.2 8.2 0 1 1 12 20.2Zm4.5-6.1c-.2-.1-1.5-.7-1.7-.8s-.4-.1-.6.1-.7.8-.8 1-.3.2-.5.1a6.7 6.7 0 0 1-3.3-2.9c-.3-.4.2-.4.7-1.3a.5.5 0 0 0 0-.5l-.8-1.9c-.2-.5-.4-.4-.6-.4h-.5a1 1 0 0 0-.7.3 3 3 0 0 0-.9 2.2 5.2 5.2 0 0 0 1.1 2.7 11.8 11.8 0 0 0 4.5 4c1.7.7 2.3.8 3.2.6a2.7 2.7 0 0 0 1.8-1.2 2.2 2.2 0 0 0 .1-1.3c0-.1-.2-.2-.5-.3Z"
    />
  );
}

/**
 * "Share on WhatsApp" for a product: name, price and the product's address. The address is made
 * absolute only once mounted (the page may be rendered on the server, where there is no window).
 */
export function ShareProductOnWhatsApp({ name, price, path }: { name: string; price: number; path: string }) {
  const t = useT(messages);
  const [origin, setOrigin] = useState('');
  useEffect(() => setOrigin(window.location.origin), []);
  return (
    // ?src=wa: the shop counts the shoppers a shared link brings (docs/product.md, dashboard)
    <WhatsAppLink
      text={`${name} — ${formatKsh(price)}\n${origin}${path}?src=wa`}
      className="btn btn-whatsapp btn-share"
    >
      {t('share.whatsapp')}
    </WhatsAppLink>
  );
}
