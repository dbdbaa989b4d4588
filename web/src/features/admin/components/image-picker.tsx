import { useId, type ChangeEvent } from 'react';
import Alert from 'react-bootstrap/Alert';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { LIMITS } from '@mtumba/contract/constants';
import type { ProductImage } from '@mtumba/contract/product';
import { photoProgress, type ImageSelection } from '../hooks/use-image-selection';

const THUMB = 96;

interface ImagePickerProps {
  selection: ImageSelection;
  /** the product's current pictures (editing): kept unless new ones are chosen */
  existing?: ProductImage[];
  disabled?: boolean;
  /** a server message about the images */
  serverError?: string;
  /** the current pictures are being loaded into the selection */
  loadingExisting?: boolean;
  /** told whenever the selection changes */
  onChange?: () => void;
  /** how much of the save has gone up (0 → 1) while it runs: each photo shows its own part */
  upload?: number;
}

const megabytes = (bytes: number) => `${(bytes / (1024 * 1024)).toFixed(1)} MB`;

/**
 * Up to 4 product images with previews; reorder with Move left/right, remove one by one. Past 4 in
 * total the first ones are kept, with a message; a file that is not an image refuses the choice.
 * Each photo says when it is being made smaller, its size, and how far it has gone up.
 */
export function ImagePicker({
  selection,
  existing = [],
  disabled,
  serverError,
  loadingExisting,
  onChange,
  upload,
}: ImagePickerProps) {
  const cameraId = useId();
  const inputId = useId();
  const { images, problem } = selection;
  const sent =
    upload === undefined
      ? null
      : photoProgress(
          images.map((i) => i.file.size),
          upload,
        );

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const files = Array.from(event.target.files ?? []);
    // Let the same file be chosen again after a refusal or a removal.
    event.target.value = '';
    if (files.length === 0) return;
    selection.add(files);
    onChange?.();
  };

  const error = problem ?? serverError ?? null;

  return (
    <fieldset className="mb-3">
      <legend className="form-label fs-6 mb-1">Images</legend>
      <Form.Text id={`${inputId}-help`} className="d-block mb-2">
        Up to {LIMITS.maxImages} images; big phone photos are made smaller before they are sent. The first one is the
        main picture.
        {existing.length > 0 && ' Choosing new images replaces all the current ones.'}
        {loadingExisting && ' Loading the current images…'}
      </Form.Text>

      {existing.length > 0 && images.length === 0 && (
        <div className="mb-2">
          <p className="small text-muted mb-1">Current images (kept if you choose none):</p>
          <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
            {existing.map((image, i) => (
              <li key={image.id}>
                <img
                  src={image.image_url}
                  alt={`Current image ${i + 1}`}
                  width={THUMB}
                  height={THUMB}
                  className="rounded border object-fit-cover"
                />
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="d-flex flex-wrap gap-2">
        <label htmlFor={cameraId} className={`btn btn-outline-primary ${disabled ? 'disabled' : ''}`}>
          Take photo
        </label>
        <input
          id={cameraId}
          type="file"
          accept="image/*"
          capture="environment"
          multiple
          onChange={choose}
          disabled={disabled}
          className="visually-hidden"
          aria-describedby={`${inputId}-help`}
        />
        <Form.Label htmlFor={inputId} className="visually-hidden">
          Choose images
        </Form.Label>
        <Form.Control
          id={inputId}
          type="file"
          accept="image/*"
          multiple
          onChange={choose}
          disabled={disabled}
          aria-describedby={`${inputId}-help`}
          isInvalid={error !== null}
          aria-invalid={error !== null || undefined}
          className="flex-grow-1 w-auto mw-100"
          style={{ minWidth: 0 }}
        />
      </div>
      {error && (
        <Alert variant="warning" className="mt-2 mb-0 py-2" role="alert">
          {error}
        </Alert>
      )}

      {images.length > 0 && (
        <ol className="list-unstyled d-flex flex-wrap gap-3 mt-3 mb-0" aria-label="Chosen images">
          {images.map((image, i) => (
            <li key={image.key} className="text-center">
              <img
                src={image.previewUrl}
                alt={`Image ${i + 1}: ${image.file.name}`}
                width={THUMB}
                height={THUMB}
                className="rounded border object-fit-cover d-block"
              />
              <PhotoState
                label={`Image ${i + 1}`}
                preparing={image.preparing}
                size={image.file.size}
                sent={sent?.[i]}
              />
              <div className="btn-group mt-1" role="group" aria-label={`Image ${i + 1}`}>
                <Button
                  variant="outline-secondary"
                  onClick={() => {
                    selection.move(image.key, -1);
                    onChange?.();
                  }}
                  disabled={disabled || i === 0}
                  aria-label={`Move image ${i + 1} left`}
                >
                  <span aria-hidden="true">←</span>
                </Button>
                <Button
                  variant="outline-secondary"
                  onClick={() => {
                    selection.move(image.key, 1);
                    onChange?.();
                  }}
                  disabled={disabled || i === images.length - 1}
                  aria-label={`Move image ${i + 1} right`}
                >
                  <span aria-hidden="true">→</span>
                </Button>
                <Button
                  variant="outline-danger"
                  onClick={() => {
                    selection.remove(image.key);
                    onChange?.();
                  }}
                  disabled={disabled}
                  aria-label={`Remove image ${i + 1}`}
                >
                  <span aria-hidden="true">×</span>
                </Button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </fieldset>
  );
}

/** Under a photo: "Making smaller…", then its size, and while saving how much of it has gone up. */
function PhotoState({
  label,
  preparing,
  size,
  sent,
}: {
  label: string;
  preparing: boolean;
  size: number;
  sent?: number;
}) {
  if (sent !== undefined) {
    const percent = Math.round(sent * 100);
    return (
      <div
        className="progress mt-1"
        style={{ height: 6, width: THUMB }}
        role="progressbar"
        aria-label={`${label} upload`}
        aria-valuenow={percent}
        aria-valuemin={0}
        aria-valuemax={100}
      >
        <div className="progress-bar" style={{ width: `${percent}%` }} />
      </div>
    );
  }
  return (
    <div className="small text-muted mt-1" style={{ width: THUMB }} aria-live="polite">
      {preparing ? 'Making smaller…' : megabytes(size)}
    </div>
  );
}
