import { useState } from 'react';
import { PageHeading } from '#web/components/page-heading.js';
import { QueryErrorAlert } from '#web/components/ui/query-error-alert.js';
import { Button } from '#web/components/ui/button.js';
import {
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeaderCell,
  TableMessageRow,
  TableRow,
  TableLoadingRow,
} from '#web/components/ui/table.js';
import { ADMIN_MSG } from '#shared/contracts/admin.js';
import {
  useCannedResponses,
  useDeleteCannedResponse,
  type TCannedResponse,
} from '#web/features/admin/canned-responses/api/canned-responses.js';
import { CannedResponseFormDialog } from '#web/features/admin/canned-responses/components/canned-response-form-dialog.js';
import { MutationConfirmDialog } from '#web/components/ui/mutation-confirm-dialog.js';

const COLUMN_COUNT = 3;

type TOpenDialog = { kind: 'form'; response: TCannedResponse | null } | { kind: 'delete'; response: TCannedResponse } | null;

/** /admin/canned-responses: the quick replies staff use in live chat (docs/product.md §2). */
export function CannedResponsesPage() {
  const query = useCannedResponses();
  const [openDialog, setOpenDialog] = useState<TOpenDialog>(null);
  const deleteResponse = useDeleteCannedResponse();
  const responses = query.data ?? [];

  return (
    <section>
      <PageHeading
        title="Canned Responses"
        description="Quick replies for live chat support."
        actions={<Button onClick={() => setOpenDialog({ kind: 'form', response: null })}>Add Response</Button>}
      />

      {query.isError && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} className="mb-4" />}

      <Table caption="Canned responses" hideCaption>
        <TableHead>
          <tr>
            <TableHeaderCell>Title</TableHeaderCell>
            <TableHeaderCell>Message</TableHeaderCell>
            <TableHeaderCell>
              <span className="sr-only">Actions</span>
            </TableHeaderCell>
          </tr>
        </TableHead>
        <TableBody>
          {query.isPending ? (
            <TableLoadingRow colSpan={COLUMN_COUNT}>Loading responses…</TableLoadingRow>
          ) : responses.length === 0 ? (
            !query.isError && <TableMessageRow colSpan={COLUMN_COUNT}>No canned responses yet.</TableMessageRow>
          ) : (
            responses.map((response) => (
              <TableRow key={response.id}>
                <TableCell className="align-top font-medium">{response.title}</TableCell>
                <TableCell className="align-top text-slate-700">
                  <div className="w-64 whitespace-pre-line break-words sm:w-96 lg:w-[36rem]">{response.message}</div>
                </TableCell>
                <TableCell className="text-right align-top">
                  <div className="flex justify-end gap-2">
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={`Edit ${response.title}`}
                      onClick={() => setOpenDialog({ kind: 'form', response })}
                    >
                      Edit
                    </Button>
                    <Button
                      variant="danger"
                      size="sm"
                      aria-label={`Delete ${response.title}`}
                      onClick={() => setOpenDialog({ kind: 'delete', response })}
                    >
                      Delete
                    </Button>
                  </div>
                </TableCell>
              </TableRow>
            ))
          )}
        </TableBody>
      </Table>

      {openDialog?.kind === 'form' && <CannedResponseFormDialog response={openDialog.response} onClose={() => setOpenDialog(null)} />}
      {openDialog?.kind === 'delete' && (
        <MutationConfirmDialog
          mutation={deleteResponse}
          variables={openDialog.response.id}
          successMessage={ADMIN_MSG.responseDeleted}
          errorFallback={ADMIN_MSG.genericError}
          title="Delete Response"
          description={`Are you sure you want to delete the response titled "${openDialog.response.title}"?`}
          confirmLabel="Delete"
          variant="danger"
          onClose={() => setOpenDialog(null)}
        >
          <p className="text-sm text-slate-700">This cannot be undone.</p>
        </MutationConfirmDialog>
      )}
    </section>
  );
}
