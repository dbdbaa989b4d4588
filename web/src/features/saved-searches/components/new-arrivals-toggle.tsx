import Form from 'react-bootstrap/Form';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useEmailPreferences, useUpdateEmailPreferences } from '../api/saved-searches';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

/** The customer's opt-in to the new-arrivals e-mail (one per drop). */
export function NewArrivalsToggle() {
  const preferences = useEmailPreferences();
  const update = useUpdateEmailPreferences();
  const t = useT(messages);
  const checked = preferences.data?.new_arrivals ?? false;
  return (
    <Form.Check
      type="switch"
      id="new-arrivals-emails"
      className="new-arrivals-switch"
      label={t('alerts.drops')}
      checked={checked}
      disabled={preferences.isPending || update.isPending}
      onChange={(e) =>
        update.mutate(
          { new_arrivals: e.target.checked },
          {
            onSuccess: (data) => toast.success(data.new_arrivals ? t('alerts.dropsOn') : t('alerts.dropsOff')),
            onError: (err) => toast.error(errorMessage(err, t('alerts.saveFailed'))),
          },
        )
      }
    />
  );
}
