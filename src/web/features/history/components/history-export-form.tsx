import { useMutation } from '@tanstack/react-query';
import { useId } from 'react';
import { z } from 'zod';
import { EXPORT_MSG, EXPORT_PATHS, ZOrderHistoryExportQuery, type TOrderHistoryExportQuery } from '#shared/contracts/exports.js';
import { Form, FormAlert, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Button } from '#web/components/ui/button.js';
import { downloadFile, exportQuery } from '#web/lib/download-file.js';

/** The two date boxes ('' is no bound), judged by the export's own contract (a real day, from <= to). */
const ZHistoryExportForm = z
  .object({ from: z.string(), to: z.string() })
  .transform(({ from, to }) => ({ ...(from ? { from } : {}), ...(to ? { to } : {}) }))
  .pipe(ZOrderHistoryExportQuery);

/**
 * 'Download CSV' of the customer's own orders created within the chosen days (Ghana time, which
 * is UTC), every order if the dates are left empty (docs/decisions/015).
 */
export function HistoryExportForm() {
  const headingId = useId();
  const form = useZodForm(ZHistoryExportForm, { defaultValues: { from: '', to: '' } });
  const [from, to] = form.watch(['from', 'to']);
  const download = useMutation({
    mutationFn: (range: TOrderHistoryExportQuery) =>
      downloadFile(EXPORT_PATHS.orderHistory, exportQuery(range), 'cedicrypto-order-history.csv'),
  });

  const onSubmit = async (range: TOrderHistoryExportQuery) => {
    try {
      await download.mutateAsync(range);
    } catch (error) {
      showServerError(form, error, { fallback: EXPORT_MSG.failed });
    }
  };

  return (
    <section aria-labelledby={headingId} className="card mb-6">
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        Download as CSV
      </h2>
      <p className="mt-1 text-sm text-slate-600">Your orders created on these days (Ghana time). Leave the dates empty for all of them.</p>
      <Form form={form} onSubmit={onSubmit} className="mt-3 grid gap-3 sm:grid-cols-[minmax(0,12rem)_minmax(0,12rem)_auto] sm:items-start">
        <TextField label="From" name="from" type="date" max={to || undefined} />
        <TextField label="To" name="to" type="date" min={from || undefined} />
        <Button type="submit" variant="outline" className="sm:mt-7" isLoading={download.isPending} loadingText="Downloading…">
          Download CSV
        </Button>
        <FormAlert className="sm:col-span-3" />
      </Form>
    </section>
  );
}
