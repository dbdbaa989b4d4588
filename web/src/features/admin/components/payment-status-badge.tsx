const LOOK: Record<string, { tone: string; label: string }> = {
  paid: { tone: 'text-bg-success', label: 'Paid' },
  unpaid: { tone: 'text-bg-light border', label: 'Unpaid' },
  failed: { tone: 'text-bg-danger', label: 'Payment failed' },
  refund_due: { tone: 'text-bg-warning', label: 'Refund due' },
  pending: { tone: 'text-bg-info', label: 'Payment in progress' },
  partially_refunded: { tone: 'text-bg-warning', label: 'Partly refunded' },
  refunded: { tone: 'text-bg-secondary', label: 'Refunded' },
};

export function PaymentStatusBadge({ status }: { status: string }) {
  const look = LOOK[status] ?? { tone: 'text-bg-secondary', label: status };
  return <span className={`badge ${look.tone}`}>{look.label}</span>;
}

export function CancelRequestedBadge() {
  return <span className="badge text-bg-warning">Cancel requested</span>;
}
