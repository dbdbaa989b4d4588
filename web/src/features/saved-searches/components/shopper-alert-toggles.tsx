import { useState } from 'react';
import Form from 'react-bootstrap/Form';
import type { AlertPreferences } from '@mtumba/contract/alerts';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAlertPreferences, useUpdateAlertPreferences } from '../api/alert-preferences';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

type Id = keyof typeof messages;

const SWITCHES: { key: keyof AlertPreferences; id: string; label: Id; on: Id; off: Id }[] = [
  {
    key: 'wishlist_alerts',
    id: 'wishlist-alert-emails',
    label: 'alerts.wishlist',
    on: 'alerts.wishlistOn',
    off: 'alerts.wishlistOff',
  },
  {
    key: 'cart_reminders',
    id: 'cart-reminder-emails',
    label: 'alerts.cart',
    on: 'alerts.cartOn',
    off: 'alerts.cartOff',
  },
];

/** The customer's opt-ins to the shopper alerts (both off until turned on). */
export function ShopperAlertToggles() {
  const preferences = useAlertPreferences();
  const update = useUpdateAlertPreferences();
  const t = useT(messages);
  // The choice being saved shows at once, from the tap itself (not after the mutation's first step).
  const [saving, setSaving] = useState<AlertPreferences | null>(null);
  const current: AlertPreferences = saving ?? preferences.data ?? { wishlist_alerts: false, cart_reminders: false };
  return (
    <>
      {SWITCHES.map((s) => (
        <Form.Check
          key={s.key}
          type="switch"
          id={s.id}
          className="mb-2"
          label={t(s.label)}
          checked={current[s.key]}
          // until the saved choice is read; while a change is saved the switch already shows it
          disabled={preferences.isPending || update.isPending}
          onChange={(e) => {
            const on = e.target.checked;
            const next = { ...current, [s.key]: on };
            setSaving(next);
            update.mutate(next, {
              onSettled: () => setSaving(null),
              onSuccess: () => toast.success(t(on ? s.on : s.off)),
              onError: (err) => toast.error(errorMessage(err, t('alerts.saveFailed'))),
            });
          }}
        />
      ))}
      <p className="small text-muted mb-0">{t('alerts.atMost')}</p>
    </>
  );
}
