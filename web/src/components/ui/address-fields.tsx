import { TextField } from './text-field';

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
  /** the landmark field's label and the address's placeholder in the page's language (English by default) */
  landmarkLabel?: string;
  addressPlaceholder?: string;
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
  landmarkLabel = 'Landmark or notes',
  addressPlaceholder = 'Street, building, house number',
}: AddressFieldsProps) {
  return (
    <>
      <TextField
        boxClassName={boxClassNames[0]}
        labelClassName={labelClassName}
        label={addressLabel}
        autoComplete="street-address"
        placeholder={addressPlaceholder}
        value={address}
        maxLength={200}
        onChange={(value) => onChange({ address: value })}
        error={addressError}
      />
      <TextField
        boxClassName={boxClassNames[1]}
        labelClassName={labelClassName}
        label={landmarkLabel}
        placeholder={landmarkPlaceholder}
        value={landmark}
        maxLength={200}
        onChange={(value) => onChange({ landmark: value })}
      />
    </>
  );
}
