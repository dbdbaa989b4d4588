import { TextField } from './text-field';
import messages from '@/i18n/catalogs/en/ui-forms.json';
import { useT } from '@/i18n';

export interface AddressFieldsProps {
  address: string;
  landmark: string;
  onChange: (patch: { address?: string; landmark?: string }) => void;
  addressLabel: string;
  /** the classes of the two fields' boxes: address, then landmark */
  boxClassNames: [string, string];
  labelClassName?: string;
  landmarkPlaceholder?: string;
  addressError?: string;
}

/** The street address and the landmark of a delivery (the cart's delivery choice and the address book). */
export function AddressFields({
  address,
  landmark,
  onChange,
  addressLabel,
  boxClassNames,
  labelClassName,
  landmarkPlaceholder,
  addressError,
}: AddressFieldsProps) {
  const t = useT(messages);
  return (
    <>
      <TextField
        boxClassName={boxClassNames[0]}
        labelClassName={labelClassName}
        label={addressLabel}
        autoComplete="street-address"
        placeholder={t('form.addressPlaceholder')}
        value={address}
        maxLength={200}
        onChange={(value) => onChange({ address: value })}
        error={addressError}
      />
      <TextField
        boxClassName={boxClassNames[1]}
        labelClassName={labelClassName}
        label={t('form.landmark')}
        placeholder={landmarkPlaceholder}
        value={landmark}
        maxLength={200}
        onChange={(value) => onChange({ landmark: value })}
      />
    </>
  );
}
