import { largeCashFilePath, ZGoamlSettingsUpdate, type TGoamlSettings, type TLargeCashReport } from '#shared/contracts/goaml.js';
import { DownloadCsvButton } from '#web/components/download-csv-button.js';
import { Form, FormAlert, TextField } from '#web/components/form/form.js';
import { showServerError, useZodForm } from '#web/components/form/use-zod-form.js';
import { Button } from '#web/components/ui/button.js';
import { DataTable, type TColumn } from '#web/components/ui/data-table.js';
import { QueryContent } from '#web/components/ui/query-content.js';
import { useToast } from '#web/components/ui/toast.js';
import { formatDateTime } from '#web/lib/format-date.js';
import { useGoamlSettings, useLargeCashReports, useSaveGoamlSettings } from '#web/features/admin/compliance/api/goaml.js';

/**
 * The FIC reports view of the compliance desk (issue 34 point 3, docs/decisions/077): the daily
 * large cash transaction reports to download (CSV, and goAML XML once the reporting entity id is
 * set), and the goAML settings (the super admin changes them; compliance reads them).
 */
export function FicReports({ canEdit }: { canEdit: boolean }) {
  const settings = useGoamlSettings();
  return (
    <div className="space-y-6">
      <LargeCashReports />
      <QueryContent query={settings} loadingText="Loading the goAML settings…">
        {(values) => <GoamlSettingsForm settings={values} canEdit={canEdit} />}
      </QueryContent>
    </div>
  );
}

function LargeCashReports() {
  const query = useLargeCashReports();
  const columns: TColumn<TLargeCashReport>[] = [
    { header: 'Day', className: 'font-medium whitespace-nowrap', cell: (report) => report.day },
    { header: 'Threshold (GHS)', cell: (report) => report.thresholdGhs },
    { header: 'Orders', cell: (report) => String(report.orderCount) },
    { header: 'Total (GHS)', cell: (report) => report.totalGhs },
    { header: 'Written', cell: (report) => formatDateTime(report.createdAt) },
    {
      header: 'Files',
      isHeaderHidden: true,
      cell: (report) => (
        <div className="flex flex-col items-end gap-2">
          <DownloadCsvButton
            path={largeCashFilePath(report.day, 'csv')}
            query={new URLSearchParams()}
            fallbackName={`large-cash-${report.day}.csv`}
            label={`CSV for ${report.day}`}
            description="The day's orders at or above the threshold, one a line"
          />
          {report.hasXml && (
            <DownloadCsvButton
              path={largeCashFilePath(report.day, 'xml')}
              query={new URLSearchParams()}
              fallbackName={`goaml-ctr-${report.day}.xml`}
              label={`goAML XML for ${report.day}`}
              description="The day's report as a goAML CTR, to upload to the FIC"
            />
          )}
        </div>
      ),
    },
  ];
  return (
    <section className="space-y-2">
      <h2 className="text-lg font-semibold text-slate-900">Large cash transaction reports</h2>
      <p className="text-sm text-slate-700">
        Written each morning for the day before (Accra time): every order of the threshold or more that was paid or sent.
      </p>
      <DataTable
        caption="Large cash transaction reports"
        columns={columns}
        rows={query.data?.reports ?? []}
        rowKey={(report) => report.day}
        query={query}
        loadingText="Loading the reports…"
        emptyText="No reports yet: the first is written the morning after a day."
        wrap
      />
    </section>
  );
}

function GoamlSettingsForm({ settings, canEdit }: { settings: TGoamlSettings; canEdit: boolean }) {
  const form = useZodForm(ZGoamlSettingsUpdate, { defaultValues: settings });
  const save = useSaveGoamlSettings();
  const toast = useToast();
  const isDisabled = !canEdit || save.isPending;
  return (
    <Form
      form={form}
      className="card max-w-3xl space-y-4"
      autoComplete="off"
      onSubmit={(update) =>
        save.mutate(update, {
          onSuccess: (saved) => {
            form.reset(saved);
            toast.success('goAML settings saved.');
          },
          onError: (error) => showServerError(form, error),
        })
      }
    >
      <h2 className="text-lg font-semibold text-slate-900">goAML reporting</h2>
      {!canEdit && <p className="text-sm text-slate-700">Only the Super Admin can change these settings.</p>}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          name="ficReportingEntityId"
          disabled={isDisabled}
          label="FIC reporting entity id"
          inputMode="numeric"
          hint="The number the FIC gave on goAML registration. Without it, nothing is exported as goAML XML."
        />
        <TextField
          name="largeCashThresholdGhs"
          disabled={isDisabled}
          label="Large cash report threshold (GHS)"
          inputMode="decimal"
          hint="Orders of this amount or more are in the day's report."
        />
      </div>
      <FormAlert />
      {canEdit && (
        <Button type="submit" isLoading={save.isPending} loadingText="Saving…">
          Save goAML settings
        </Button>
      )}
    </Form>
  );
}
