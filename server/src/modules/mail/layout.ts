import { t } from '../../lib/i18n/index.js';
import type { Language } from '../../lib/language.js';

export interface EmailContent {
  shopName: string;
  /** the recipient's language (the account's, or the order's for order e-mails); English by default */
  language?: Language;
  /** the first line a mail client shows in the inbox list */
  preheader?: string;
  heading: string;
  paragraphs: string[];
  button?: { label: string; url: string };
  /** label/value rows, e.g. order lines or totals (values already formatted) */
  rows?: [string, string][];
  /** a closing line under everything, e.g. why the person got this message */
  footnote?: string;
  /** how to reach the shop, shown under the message (order e-mails) */
  contact?: ShopContact;
  /** product photos with name and price, two to a row (new-arrival e-mails); URLs absolute */
  items?: EmailItem[];
  /** a small link under the footnote, e.g. unsubscribe */
  footerLink?: { label: string; url: string };
}

export interface EmailItem {
  name: string;
  /** already formatted, e.g. "Ksh 1,200" */
  price: string;
  url: string;
  imageUrl: string | null;
}

function itemsHtml(items: EmailItem[]): string {
  const cells = items.map(
    (item) =>
      `<td style="width:50%;padding:6px;vertical-align:top"><a href="${escapeHtml(item.url)}" style="color:#222;text-decoration:none">${
        item.imageUrl
          ? `<img src="${escapeHtml(item.imageUrl)}" alt="${escapeHtml(item.name)}" width="240" style="width:100%;max-width:240px;height:auto;border-radius:6px;display:block">`
          : ''
      }<div style="font-size:14px;margin-top:6px">${escapeHtml(item.name)}</div><div style="font-size:14px;font-weight:bold;color:${BRAND}">${escapeHtml(item.price)}</div></a></td>`,
  );
  const rows: string[] = [];
  for (let i = 0; i < cells.length; i += 2) rows.push(`<tr>${cells[i]}${cells[i + 1] ?? '<td></td>'}</tr>`);
  return `<table role="presentation" style="width:100%;border-collapse:collapse;margin:16px 0">${rows.join('')}</table>`;
}

export interface ShopContact {
  address: string;
  phone: string;
  /** digits only, for https://wa.me/{number} */
  whatsapp: string;
  hours: string;
}

function contactLines(c: ShopContact, language: Language): string[] {
  return [
    c.address,
    t(language, 'layout.contactPhone', { phone: c.phone, whatsapp: `https://wa.me/${c.whatsapp}` }),
    t(language, 'layout.contactHours', { hours: c.hours }),
  ].filter(Boolean);
}

const BRAND = '#7a3e1d';

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/** One layout for every message: HTML with inline styles, and a plain-text twin. */
export function renderEmail(c: EmailContent): { html: string; text: string } {
  const language = c.language ?? 'en';
  const rows = c.rows?.length
    ? `<table role="presentation" style="width:100%;border-collapse:collapse;margin:16px 0">${c.rows
        .map(
          ([k, v]) =>
            `<tr><td style="padding:6px 0;border-bottom:1px solid #eee">${escapeHtml(k)}</td><td style="padding:6px 0;border-bottom:1px solid #eee;text-align:right">${escapeHtml(v)}</td></tr>`,
        )
        .join('')}</table>`
    : '';
  const button = c.button
    ? `<p style="margin:24px 0"><a href="${escapeHtml(c.button.url)}" style="background:${BRAND};color:#fff;padding:12px 20px;border-radius:6px;text-decoration:none;display:inline-block">${escapeHtml(c.button.label)}</a></p><p style="font-size:13px;color:#555">${escapeHtml(t(language, 'layout.buttonFallback'))} <br><a href="${escapeHtml(c.button.url)}" style="color:${BRAND};word-break:break-all">${escapeHtml(c.button.url)}</a></p>`
    : '';
  const html = `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>${escapeHtml(c.heading)}</title></head>
<body style="margin:0;background:#f6f1ec;font-family:Arial,Helvetica,sans-serif;color:#222">
<span style="display:none">${escapeHtml(c.preheader ?? c.heading)}</span>
<div style="max-width:560px;margin:0 auto;padding:24px">
<div style="font-size:22px;font-weight:bold;color:${BRAND};margin-bottom:16px">${escapeHtml(c.shopName)}</div>
<div style="background:#fff;border-radius:8px;padding:24px">
<h1 style="font-size:20px;margin:0 0 16px">${escapeHtml(c.heading)}</h1>
${c.paragraphs.map((p) => `<p style="line-height:1.5;margin:0 0 12px">${escapeHtml(p)}</p>`).join('\n')}
${rows}${c.items?.length ? itemsHtml(c.items) : ''}${button}
</div>
${c.contact ? `<p style="font-size:12px;color:#555;margin-top:16px">${contactLines(c.contact, language).map(escapeHtml).join('<br>')}</p>` : ''}
${c.footnote ? `<p style="font-size:12px;color:#777;margin-top:16px">${escapeHtml(c.footnote)}</p>` : ''}
${c.footerLink ? `<p style="font-size:12px;margin-top:8px"><a href="${escapeHtml(c.footerLink.url)}" style="color:#555">${escapeHtml(c.footerLink.label)}</a></p>` : ''}
</div></body></html>`;

  const text = [
    c.shopName,
    '',
    c.heading,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    ...(c.rows ?? []).map(([k, v]) => `${k}: ${v}`),
    ...(c.rows?.length ? [''] : []),
    ...(c.items ?? []).flatMap((item) => [`${item.name} — ${item.price}`, item.url, '']),
    ...(c.button ? [`${c.button.label}: ${c.button.url}`, ''] : []),
    ...(c.contact ? [...contactLines(c.contact, language), ''] : []),
    ...(c.footnote ? [c.footnote] : []),
    ...(c.footerLink ? ['', `${c.footerLink.label}: ${c.footerLink.url}`] : []),
  ].join('\n');
  return { html, text };
}
