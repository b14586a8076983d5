import { useState } from 'react';
import { ApiError, type ConsoleApi } from '../api/console-api.js';
import type { apiFilterOf } from '../api/transactions.js';

// Saves the filtered transactions as the API writes them (GET /transactions/export: every match,
// not just this page, amounts as exact text). The key goes in a header, so the file is fetched
// here and handed to the browser rather than linked to.
export function CsvDownloadButton(props: { api: ConsoleApi; filter: ReturnType<typeof apiFilterOf> }) {
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function download() {
    setBusy(true);
    setFailure(null);
    try {
      const file = await props.api.download('/transactions/export', props.filter);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(file);
      link.download = 'transactions.csv';
      link.click();
      // Released once the browser has started saving it (the click only queues that).
      window.setTimeout(() => URL.revokeObjectURL(link.href), 0);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.reason : 'The download failed.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="row">
      <button type="button" className="secondary" onClick={() => void download()} disabled={busy}>
        {busy ? 'Preparing CSV…' : 'Download CSV'}
      </button>
      {failure && (
        <p role="alert" className="error">
          {failure}
        </p>
      )}
    </div>
  );
}
