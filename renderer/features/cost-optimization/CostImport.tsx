import { useRef, useState } from 'react';
import { InlineError } from '../../components/ui/Card';
import { COST_CSV_COLUMNS } from './labels';
import { useImportCostsMutation } from './mutations';
import { FormField } from '../../components/ui/FormField';
import { COST_TEXTS } from './texts';

const TEXTS = COST_TEXTS.import;

/** Imports daily cost records from a CSV file; a file with a bad line is refused whole, naming the line. */
export function CostImport() {
  const input = useRef<HTMLInputElement>(null);
  const importCosts = useImportCostsMutation();
  const [readError, setReadError] = useState<string | null>(null);

  async function onFile(file: File | undefined) {
    if (!file) return;
    setReadError(null);
    importCosts.reset();
    try {
      importCosts.mutate(await file.text());
    } catch (error) {
      setReadError(TEXTS.readFailed(file.name, error instanceof Error ? error.message : String(error)));
    } finally {
      if (input.current) input.current.value = '';
    }
  }

  const error = readError ?? (importCosts.isError ? importCosts.error.message : null);
  return (
    <div className="space-y-2">
      <FormField label={TEXTS.label} hint={TEXTS.columns(COST_CSV_COLUMNS)}>
        {(field) => (
          <input
            {...field}
            ref={input}
            type="file"
            accept=".csv,text/csv"
            disabled={importCosts.isPending}
            onChange={(event) => void onFile(event.target.files?.[0])}
            className="mt-2 block text-sm text-fg file:mr-3 file:rounded-md file:border file:border-line file:bg-surface file:px-3 file:py-1.5 file:text-sm"
          />
        )}
      </FormField>
      {importCosts.isPending ? <p className="text-sm text-muted">{TEXTS.importing}</p> : null}
      {importCosts.isSuccess ? (
        <p role="status" className="text-sm text-green-700 dark:text-green-400">
          {TEXTS.imported(importCosts.data.imported, importCosts.data.from, importCosts.data.to)}
        </p>
      ) : null}
      <InlineError message={error} />
    </div>
  );
}
