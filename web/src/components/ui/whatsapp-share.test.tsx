import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ShareProductOnWhatsApp, WhatsAppLink, whatsAppUrl } from './whatsapp-share';

describe('WhatsApp share links', () => {
  it('writes the message into a wa.me link, to a phone when given', () => {
    expect(whatsAppUrl('Pay here: https://shop.test/pay/1.2.x & thanks', '+254 722 000 111')).toBe(
      'https://wa.me/254722000111?text=Pay%20here%3A%20https%3A%2F%2Fshop.test%2Fpay%2F1.2.x%20%26%20thanks',
    );
    render(<WhatsAppLink text="Hello">Send on WhatsApp</WhatsAppLink>);
    const link = screen.getByRole('link', { name: 'Send on WhatsApp' });
    expect(link).toHaveAttribute('href', 'https://wa.me/?text=Hello');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer');
  });

  it('shares a product with its name, price in Ksh and address', () => {
    render(<ShareProductOnWhatsApp name="Denim jacket" price={1500} path="/products/7" />);
    const href = screen.getByRole('link', { name: 'Share on WhatsApp' }).getAttribute('href') ?? '';
    expect(href.startsWith('https://wa.me/?text=')).toBe(true);
    expect(decodeURIComponent(href.slice('https://wa.me/?text='.length))).toBe(
      `Denim jacket — Ksh 1,500\n${window.location.origin}/products/7?src=wa`,
    );
  });
});
