import { useState, type FormEvent } from 'react';
import { Link } from '@/components/ui/link';
import {
  IMPORT_LIMITS,
  PRODUCTS_CSV_COLUMNS,
  PRODUCTS_CSV_REQUIRED,
  type ImportPreview,
} from '@mtumba/contract/insights';
import { formatKsh } from '@mtumba/contract/money';
import { BusyButton } from '@/components/ui/busy-button';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { paths } from '@/config/paths';
import { ApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useConfirmImport, usePreviewImport } from '../api/import-products';
import { CsvExportButton } from './csv-export-button';
import { failureMessage } from './failure-message';

const PRODUCTS_CSV = { path: '/admin/products.csv', query: {}, filename: 'products.csv' };

const ERROR_COLUMNS: DataColumn[] = [{ label: 'Line' }, { label: 'Item' }, { label: 'Problems' }];

const SAMPLE_COLUMNS: DataColumn[] = [
  { label: 'Line' },
  { label: 'Name' },
  { label: 'Price', end: true },
  { label: 'Stock', end: true },
  { label: 'Categories' },
  { label: 'Photos' },
  { label: 'Goes in as' },
];

function PreviewReport({ preview }: { preview: ImportPreview }) {
  if (preview.file_errors.length > 0) {
    return (
      <div className="alert alert-danger" role="alert" data-testid="import-file-errors">
        <p className="fw-semibold mb-1">The file cannot be imported:</p>
        <ul className="mb-0">
          {preview.file_errors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      </div>
    );
  }
  if (preview.errors.length > 0) {
    return (
      <div className="alert alert-danger" role="alert" data-testid="import-row-errors">
        <p className="fw-semibold">
          {preview.errors.length} of {preview.rows} rows have problems. Nothing will be imported until they are fixed.
        </p>
        <DataTable columns={ERROR_COLUMNS} className="table table-sm mb-0 import-errors" cards>
          <tbody>
            {preview.errors.map((row) => (
              <tr key={row.line}>
                <td>{row.line}</td>
                <td>{row.name || <span className="text-muted">(no name)</span>}</td>
                <td>
                  <ul className="mb-0 ps-3">
                    {row.errors.map((e) => (
                      <li key={e}>{e}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </DataTable>
      </div>
    );
  }
  return (
    <div className="alert alert-success" role="status" data-testid="import-ready">
      <p className="fw-semibold mb-1">
        {preview.rows === 1 ? '1 item is' : `${preview.rows} items are`} ready to import.
      </p>
      {preview.new_categories.length > 0 && (
        <p className="mb-1">New categories: {preview.new_categories.join(', ')}.</p>
      )}
      {preview.unused_photos.length > 0 && (
        <p className="mb-1">Photos no row names (not imported): {preview.unused_photos.join(', ')}.</p>
      )}
      <DataTable
        columns={SAMPLE_COLUMNS}
        cards
        className="table table-sm mb-0"
        wrapperClassName="mt-2"
        caption={
          <caption className="caption-top">
            {preview.sample.length < preview.rows ? `The first ${preview.sample.length} items` : 'The items'}
          </caption>
        }
      >
        <tbody>
          {preview.sample.map((row) => (
            <tr key={row.line}>
              <td>{row.line}</td>
              <td>{row.name}</td>
              <td className="text-end text-nowrap">{formatKsh(row.price)}</td>
              <td className="text-end">{row.stock}</td>
              <td>{row.categories.join(', ')}</td>
              <td>{row.images.length}</td>
              <td>{row.status === 'published' ? 'On sale' : 'Draft'}</td>
            </tr>
          ))}
        </tbody>
      </DataTable>
    </div>
  );
}

/** /admin/products/import: upload a CSV (and photos), see every problem, then import all or nothing. */
export function ImportScreen() {
  const [file, setFile] = useState<File | null>(null);
  const [photos, setPhotos] = useState<File[]>([]);
  const [createCategories, setCreateCategories] = useState(false);
  const [preview, setPreview] = useState<ImportPreview | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const check = usePreviewImport();
  const write = useConfirmImport();

  const reset = () => {
    setPreview(null);
    setDone(null);
  };

  const submitPreview = (e: FormEvent) => {
    e.preventDefault();
    if (!file) {
      toast.error('Choose a CSV file to import.');
      return;
    }
    check.mutate(
      { file, photos, createCategories },
      {
        onSuccess: (result) => setPreview(result),
        onError: (err) => {
          setPreview(null);
          toast.error(failureMessage('Check failed', err));
        },
      },
    );
  };

  const confirm = () => {
    if (!file) return;
    write.mutate(
      { file, photos, createCategories },
      {
        onSuccess: (result) => {
          toast.success(result.message);
          setDone(result.message);
          setPreview(null);
        },
        onError: (err) => {
          const refused = err instanceof ApiError ? (err.body.preview as ImportPreview | undefined) : undefined;
          if (refused) setPreview(refused);
          toast.error(failureMessage('Import failed', err));
        },
      },
    );
  };

  return (
    <div className="container py-4 import-screen">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">Import items</h1>
        <CsvExportButton download={PRODUCTS_CSV}>Export items (CSV)</CsvExportButton>
      </div>
      <p className="text-muted">
        One item per row, with the columns{' '}
        <span className="fw-semibold text-body">{PRODUCTS_CSV_COLUMNS.join(', ')}</span> (
        {PRODUCTS_CSV_REQUIRED.join(', ')} are required). Separate several categories or photos with a semicolon. At
        most {IMPORT_LIMITS.maxRows} items and {IMPORT_LIMITS.maxFileBytes / (1024 * 1024)} MB per file, and{' '}
        {IMPORT_LIMITS.maxPhotos} photos. The export is in the same format.
      </p>
      <p className="text-muted">
        Items come in as <span className="fw-semibold text-body">drafts</span>, out of the shop until you publish them
        in Manage Products, unless their <span className="fw-semibold text-body">status</span> column says{' '}
        <span className="fw-semibold text-body">published</span> (empty or{' '}
        <span className="fw-semibold text-body">draft</span> is a draft).
      </p>

      <form className="card mb-4" onSubmit={submitPreview} aria-label="Import file">
        <div className="card-body d-grid gap-3">
          <div>
            <label htmlFor="import-file" className="form-label fw-semibold">
              CSV file
            </label>
            <input
              id="import-file"
              type="file"
              accept=".csv,text/csv"
              className="form-control"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null);
                reset();
              }}
            />
          </div>
          <div>
            <label htmlFor="import-photos" className="form-label fw-semibold">
              Photos <span className="fw-normal text-muted">(optional: matched to the images column by file name)</span>
            </label>
            <input
              id="import-photos"
              type="file"
              accept="image/*"
              multiple
              className="form-control"
              onChange={(e) => {
                setPhotos(Array.from(e.target.files ?? []));
                reset();
              }}
            />
            {photos.length > 0 && <div className="form-text">{photos.length} photos chosen.</div>}
          </div>
          <div className="form-check">
            <input
              id="import-create-categories"
              type="checkbox"
              className="form-check-input"
              checked={createCategories}
              onChange={(e) => {
                setCreateCategories(e.target.checked);
                reset();
              }}
            />
            <label htmlFor="import-create-categories" className="form-check-label">
              Create categories that do not exist yet
            </label>
          </div>
          <div>
            <BusyButton busy={check.isPending} busyLabel="Checking…" className="btn btn-primary">
              Check file
            </BusyButton>
          </div>
        </div>
      </form>

      {preview && <PreviewReport preview={preview} />}
      {preview?.ok && (
        <BusyButton
          type="button"
          className="btn btn-primary btn-lg"
          busy={write.isPending}
          busyLabel="Importing…"
          onClick={confirm}
        >
          Import {preview.rows === 1 ? '1 item' : `${preview.rows} items`}
        </BusyButton>
      )}
      {done && (
        <div className="alert alert-success" role="status">
          {done} <Link to={paths.adminProducts()}>See them in Manage Products</Link>.
        </div>
      )}
    </div>
  );
}
