import Form from 'react-bootstrap/Form';
import { MEASUREMENT_KEYS, MEASUREMENT_LABELS } from '@mtumba/contract/product';
import type { ProductFormState } from './product-fields';

/**
 * The product form's optional measurements (cm, measured flat) and flaw notes: what a
 * second-hand buyer checks. Blank measurements are simply not shown on the product page.
 */
export function ProductMeasurementFields({ form }: { form: ProductFormState }) {
  const { values, set } = form;
  const invalid = form.invalid('measurements');
  return (
    <>
      <fieldset className="mb-3" aria-describedby={invalid['aria-describedby']}>
        <legend className="form-label fs-6 mb-1">Measurements (cm, optional)</legend>
        <div className="row g-2">
          {MEASUREMENT_KEYS.map((k) => (
            <Form.Group key={k} className="col-6 col-md-3" controlId={`${form.id}-measure-${k}`}>
              <Form.Label className="small mb-0">{MEASUREMENT_LABELS[k]}</Form.Label>
              <Form.Control
                size="sm"
                type="number"
                inputMode="decimal"
                min={0}
                max={300}
                step="0.1"
                value={values.measurements[k]}
                onChange={(e) => set('measurements', { ...values.measurements, [k]: e.target.value })}
                isInvalid={invalid.isInvalid}
              />
            </Form.Group>
          ))}
        </div>
        {form.errors.measurements && (
          <div className="invalid-feedback d-block" id={invalid['aria-describedby']}>
            {form.errors.measurements}
          </div>
        )}
      </fieldset>
      <Form.Group className="mb-3" controlId={`${form.id}-flaws`}>
        <Form.Label>Flaws (optional)</Form.Label>
        <Form.Control
          as="textarea"
          rows={2}
          maxLength={500}
          placeholder="e.g. small mark on the left cuff"
          value={values.flaws}
          onChange={(e) => set('flaws', e.target.value)}
          {...form.invalid('flaws')}
        />
        {form.feedback('flaws')}
      </Form.Group>
    </>
  );
}
