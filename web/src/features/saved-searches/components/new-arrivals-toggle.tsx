import Form from 'react-bootstrap/Form';
import { errorMessage } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useEmailPreferences, useUpdateEmailPreferences } from '../api/saved-searches';

/** The customer's opt-in to the new-arrivals e-mail (one per drop). */
export function NewArrivalsToggle() {
  const preferences = useEmailPreferences();
  const update = useUpdateEmailPreferences();
  const checked = preferences.data?.new_arrivals ?? false;
  return (
    <Form.Check
      type="switch"
      id="new-arrivals-emails"
      className="new-arrivals-switch"
      label="E-mail me when new items drop (one e-mail per drop)"
      checked={checked}
      disabled={preferences.isPending || update.isPending}
      onChange={(e) =>
        update.mutate(
          { new_arrivals: e.target.checked },
          {
            onSuccess: (data) =>
              toast.success(data.new_arrivals ? 'You will get new-arrival e-mails.' : 'New-arrival e-mails are off.'),
            onError: (err) => toast.error(errorMessage(err, 'Could not save your choice')),
          },
        )
      }
    />
  );
}
