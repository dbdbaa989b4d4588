import { useId, useState, type FormEvent } from 'react';
import { BusyButton } from '@/components/ui/busy-button';
import { ApiError, errorMessage } from '@/lib/api-client';
import { usePhoneStatus, useSendPhoneCode, useVerifyPhone } from '../api/phone-verification';
import { FieldAlert } from '@/components/ui/field-alert';
import { PhoneInput } from '@/components/ui/phone-input';
import messages from '@/i18n/catalogs/en/account.json';
import { useT } from '@/i18n';

function fieldMessage(err: unknown, field: string, fallback: string): string {
  if (err instanceof ApiError) return err.fieldError(field) ?? errorMessage(err, fallback);
  return fallback;
}

interface PhoneCodeFormProps {
  /** the number to start from (the order's phone at checkout) */
  initialPhone?: string;
  onVerified?: () => void;
}

/**
 * Asks for a code for a mobile number, then checks the code typed back. In the test shop's SMS
 * sandbox no text is sent: the code is shown here, as the M-Pesa simulator shows its prompt.
 */
function PhoneCodeForm({ initialPhone = '', onVerified }: PhoneCodeFormProps) {
  const send = useSendPhoneCode();
  const verify = useVerifyPhone();
  const t = useT(messages);
  const [phone, setPhone] = useState(initialPhone);
  const [code, setCode] = useState('');
  const phoneId = useId();
  const codeId = useId();

  const askCode = (event: FormEvent) => {
    event.preventDefault();
    verify.reset();
    send.mutate(phone.trim());
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    verify.mutate(code.trim(), { onSuccess: () => onVerified?.() });
  };

  if (send.isSuccess) {
    const sandboxCode = send.data.sandbox_code;
    return (
      <form onSubmit={confirm} noValidate>
        <p className="small mb-2">{send.data.message}</p>
        {sandboxCode && (
          <div className="alert alert-info py-2 small" data-testid="sandbox-sms-code">
            {t('phone.sandboxBefore')}
            <strong className="font-monospace fs-5">{sandboxCode}</strong>
            {t('phone.sandboxAfter')}
          </div>
        )}
        <label htmlFor={codeId} className="form-label">
          {t('phone.code')}
        </label>
        <input
          id={codeId}
          className={`form-control${verify.isError ? ' is-invalid' : ''}`}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          value={code}
          onChange={(e) => setCode(e.target.value)}
        />
        <FieldAlert message={verify.isError ? fieldMessage(verify.error, 'code', t('phone.verifyFailed')) : null} />
        <div className="d-flex flex-wrap gap-2 mt-2">
          <BusyButton busy={verify.isPending} busyLabel={t('phone.checking')} className="btn btn-primary btn-sm">
            {t('phone.verify')}
          </BusyButton>
          <button type="button" className="btn btn-link btn-sm" onClick={() => send.reset()}>
            {t('phone.newCode')}
          </button>
        </div>
      </form>
    );
  }
  return (
    <form onSubmit={askCode} noValidate>
      <label htmlFor={phoneId} className="form-label">
        {t('phone.number')}
      </label>
      <PhoneInput id={phoneId} invalid={send.isError} value={phone} onChange={setPhone} />
      <FieldAlert message={send.isError ? fieldMessage(send.error, 'phone', t('phone.sendFailed')) : null} />
      <BusyButton busy={send.isPending} busyLabel={t('phone.sending')} className="btn btn-primary btn-sm mt-2">
        {t('phone.send')}
      </BusyButton>
    </form>
  );
}

/**
 * "Verify phone" in My Account (docs/product.md, "Text messages"): a code by SMS, typed back here.
 * Shown only when the shop sends text messages.
 */
export function PhoneVerification({ enabled }: { enabled: boolean }) {
  const status = usePhoneStatus({ enabled });
  const [open, setOpen] = useState(false);
  const t = useT(messages);

  if (!status.data?.sms_enabled) return null;
  const { phone_verified, phone: verifiedPhone } = status.data;

  return (
    <section aria-labelledby="my-account-phone" className="mt-3">
      <h2 id="my-account-phone" className="h6">
        {t('phone.title')}
      </h2>
      {phone_verified && !open ? (
        <p className="mb-0">
          {verifiedPhone} <span className="badge text-bg-success ms-1">{t('phone.verified')}</span>{' '}
          <button type="button" className="btn btn-link btn-sm" onClick={() => setOpen(true)}>
            {t('phone.another')}
          </button>
        </p>
      ) : !open ? (
        <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setOpen(true)}>
          {t('phone.open')}
        </button>
      ) : (
        <PhoneCodeForm onVerified={() => setOpen(false)} />
      )}
    </section>
  );
}

/**
 * The checkout's "verify your phone" step, right under the locked pay-on-delivery option
 * (docs/product.md section 11): a verified phone opens pay on delivery for a first order. Nothing
 * shows when the shop sends no texts or the phone is verified already.
 */
export function CheckoutPhoneStep({ phone, onVerified }: { phone?: string | null; onVerified: () => void }) {
  const status = usePhoneStatus({ enabled: true });
  const [open, setOpen] = useState(false);
  const t = useT(messages);
  if (!status.data?.sms_enabled || status.data.phone_verified) return null;
  return (
    <div className="mt-3 border-top pt-3" data-testid="checkout-phone-step">
      <h3 className="h6">{t('phone.checkoutTitle')}</h3>
      {open ? (
        <PhoneCodeForm initialPhone={phone?.replace(/^\+254/, '0') ?? ''} onVerified={onVerified} />
      ) : (
        <button type="button" className="btn btn-outline-primary" onClick={() => setOpen(true)}>
          {t('phone.checkoutOpen')}
        </button>
      )}
    </div>
  );
}
