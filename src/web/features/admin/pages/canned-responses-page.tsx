import { useState } from 'react';
import { PageHeading } from '#web/components/page-heading.js';
import { Button } from '#web/components/ui/button.js';
import { DataTable, type TColumn } from '#web/components/ui/data-table.js';
import { ADMIN_MSG } from '#shared/contracts/admin.js';
import {
  useCannedResponses,
  useDeleteCannedResponse,
  type TCannedResponse,
} from '#web/features/admin/canned-responses/api/canned-responses.js';
import { CannedResponseFormDialog } from '#web/features/admin/canned-responses/components/canned-response-form-dialog.js';
import { DeleteConfirmDialog } from '#web/components/ui/mutation-confirm-dialog.js';
import { EditDeleteActions } from '#web/components/ui/row-actions.js';

type TOpenDialog = { kind: 'form'; response: TCannedResponse | null } | { kind: 'delete'; response: TCannedResponse } | null;

/** /admin/canned-responses: the quick replies staff use in live chat (docs/product.md §2). */
export function CannedResponsesPage() {
  const query = useCannedResponses();
  const [openDialog, setOpenDialog] = useState<TOpenDialog>(null);
  const deleteResponse = useDeleteCannedResponse();
  const responses = query.data ?? [];
  const columns: TColumn<TCannedResponse>[] = [
    { header: 'Title', className: 'align-top font-medium', cell: (response) => response.title },
    {
      header: 'Message',
      className: 'align-top text-slate-700',
      cell: (response) => <div className="w-64 whitespace-pre-line break-words sm:w-96 lg:w-[36rem]">{response.message}</div>,
    },
    {
      header: 'Actions',
      isHeaderHidden: true,
      className: 'text-right align-top',
      cell: (response) => (
        <EditDeleteActions
          name={response.title}
          onEdit={() => setOpenDialog({ kind: 'form', response })}
          onDelete={() => setOpenDialog({ kind: 'delete', response })}
        />
      ),
    },
  ];

  return (
    <section>
      <PageHeading
        title="Canned Responses"
        description="Quick replies for live chat support."
        actions={<Button onClick={() => setOpenDialog({ kind: 'form', response: null })}>Add Response</Button>}
      />

      <DataTable
        caption="Canned responses"
        columns={columns}
        rows={responses}
        rowKey={(row) => row.id}
        query={query}
        loadingText="Loading responses…"
        emptyText={'No canned responses yet.'}
      />

      {openDialog?.kind === 'form' && <CannedResponseFormDialog response={openDialog.response} onClose={() => setOpenDialog(null)} />}
      {openDialog?.kind === 'delete' && (
        <DeleteConfirmDialog
          mutation={deleteResponse}
          variables={openDialog.response.id}
          successMessage={ADMIN_MSG.responseDeleted}
          errorFallback={ADMIN_MSG.genericError}
          title="Delete Response"
          description={`Are you sure you want to delete the response titled "${openDialog.response.title}"?`}
          onClose={() => setOpenDialog(null)}
        />
      )}
    </section>
  );
}
