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
  return (
    <>
      <TextField
        boxClassName={boxClassNames[0]}
        labelClassName={labelClassName}
        label={addressLabel}
        autoComplete="street-address"
        placeholder="Street, building, house number"
        value={address}
        maxLength={200}
        onChange={(value) => onChange({ address: value })}
        error={addressError}
      />
      <TextField
        boxClassName={boxClassNames[1]}
        labelClassName={labelClassName}
        label="Landmark or notes"
        placeholder={landmarkPlaceholder}
        value={landmark}
        maxLength={200}
        onChange={(value) => onChange({ landmark: value })}
      />
    </>
  );
}
