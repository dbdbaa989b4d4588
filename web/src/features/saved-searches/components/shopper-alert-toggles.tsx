import Form from 'react-bootstrap/Form';
import type { AlertPreferences } from '@mtumba/contract/alerts';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useAlertPreferences, useUpdateAlertPreferences } from '../api/alert-preferences';

const SWITCHES: { key: keyof AlertPreferences; id: string; label: string; on: string; off: string }[] = [
  {
    key: 'wishlist_alerts',
    id: 'wishlist-alert-emails',
    label: 'E-mail me when an item in my wishlist gets cheaper, or one I wanted is back on sale',
    on: 'You will get wishlist and cart alerts.',
    off: 'Wishlist and cart alerts are off.',
  },
  {
    key: 'cart_reminders',
    id: 'cart-reminder-emails',
    label: 'Remind me once about a cart I leave for a day',
    on: 'You will get a reminder about a cart you leave.',
    off: 'Cart reminders are off.',
  },
];

/** The customer's opt-ins to the shopper alerts (both off until turned on). */
export function ShopperAlertToggles() {
  const preferences = useAlertPreferences();
  const update = useUpdateAlertPreferences();
  const current: AlertPreferences = preferences.data ?? { wishlist_alerts: false, cart_reminders: false };
  return (
    <>
      {SWITCHES.map((s) => (
        <Form.Check
          key={s.key}
          type="switch"
          id={s.id}
          className="mb-2"
          label={s.label}
          checked={current[s.key]}
          // until the saved choice is read; while a change is saved the switch already shows it
          disabled={preferences.isPending || update.isPending}
          onChange={(e) => {
            const on = e.target.checked;
            update.mutate(
              { ...current, [s.key]: on },
              {
                onSuccess: () => toast.success(on ? s.on : s.off),
                onError: (err) => toast.error(errorMessage(err, 'Could not save your choice')),
              },
            );
          }}
        />
      ))}
      <p className="small text-muted mb-0">At most 3 alert e-mails a day. Each e-mail has a link to stop it.</p>
    </>
  );
}
