import { Button } from './button';

/** A list row's Edit and Delete buttons (canned responses, payment methods), named by the row: 'Edit MTN MoMo'. */
export function EditDeleteActions({ name, onEdit, onDelete }: { name: string; onEdit: () => void; onDelete: () => void }) {
  return (
    <div className="flex justify-end gap-2">
      <Button variant="outline" size="sm" aria-label={`Edit ${name}`} onClick={onEdit}>
        Edit
      </Button>
      <Button variant="danger" size="sm" aria-label={`Delete ${name}`} onClick={onDelete}>
        Delete
      </Button>
    </div>
  );
}
