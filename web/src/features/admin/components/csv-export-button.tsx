import { useState, type ReactNode } from 'react';
import { BusyButton } from '@/components/ui/busy-button';
import { toast } from '@/lib/toast';
import { downloadCsv } from '../api/download-csv';
import { failureMessage } from './failure-message';

/** What to download: the API path, its query and the file's name. */
export interface CsvDownload {
  path: string;
  query: Record<string, string | undefined>;
  filename: string;
}

export interface CsvExportButtonProps {
  /** the download, or null while there is nothing to export yet (the button is then disabled) */
  download: CsvDownload | null;
  children: ReactNode;
}

/** An admin screen's "Export … (CSV)" button: busy while the file downloads, a toast when it fails. */
export function CsvExportButton({ download, children }: CsvExportButtonProps) {
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    if (!download) return;
    setExporting(true);
    try {
      await downloadCsv(download.path, download.query, download.filename);
    } catch (err) {
      toast.error(failureMessage('Export failed', err));
    } finally {
      setExporting(false);
    }
  };

  return (
    <BusyButton
      type="button"
      className="btn btn-outline-primary"
      busy={exporting}
      busyLabel="Exporting…"
      disabled={!download}
      onClick={() => void exportCsv()}
    >
      {children}
    </BusyButton>
  );
}
