import { useId, useState } from 'react';
import type { PayLinkJson } from '@mtumba/contract/manual-order';
import { WhatsAppLink } from '@/components/ui/whatsapp-share';
import { formatDateTime } from './format';

/**
 * A manual order's pay link, ready to send: "Send on WhatsApp" opens WhatsApp to the customer's
 * phone with the message written, "Copy link" puts the link on the clipboard.
 */
export function PayLinkShare({ link, phone }: { link: PayLinkJson; phone: string | null }) {
  const id = useId();
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link.url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };
  return (
    <div>
      <label htmlFor={`${id}-link`} className="form-label fw-semibold">
        Pay link
      </label>
      <input
        id={`${id}-link`}
        className="form-control mb-2"
        readOnly
        value={link.url}
        onFocus={(e) => e.currentTarget.select()}
        aria-describedby={`${id}-until`}
      />
      <p id={`${id}-until`} className="small text-body-secondary mb-3">
        Works until {formatDateTime(link.expires_at)}; the items are held for the customer until then.
      </p>
      <div className="d-flex flex-wrap gap-2">
        <WhatsAppLink text={link.message} phone={phone}>
          Send on WhatsApp
        </WhatsAppLink>
        <button type="button" className="btn btn-outline-primary" onClick={() => void copy()}>
          Copy link
        </button>
      </div>
      <p role="status" className="small mt-2 mb-0">
        {copied === 'yes' ? 'Link copied.' : copied === 'failed' ? 'Could not copy: select the link and copy it.' : ''}
      </p>
    </div>
  );
}
