import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { ApiError } from '#web/lib/api.js';
import { Form, FormAlert, SelectField, TextField } from './form';
import { showServerError, useZodForm } from './use-zod-form';

const ZExample = z
  .object({
    kind: z.enum(['a', 'b'], { error: 'Choose a kind.' }),
    code: z.string().trim().min(1, 'Enter a code.'),
    note: z.string().max(5, 'At most 5 characters.'),
  })
  .superRefine((values, context) => {
    // A rule that reads another field, as the wallet address reads the coin.
    if (values.kind === 'b' && !values.code.startsWith('B'))
      context.addIssue({ code: 'custom', path: ['code'], message: 'A b code starts with B.' });
  });

type TSubmit = z.output<typeof ZExample>;

function Example({ onValid, failWith }: { onValid?: (values: TSubmit) => void; failWith?: unknown }) {
  const form = useZodForm<typeof ZExample, { kind: '' | 'a' | 'b'; code: string; note: string }>(ZExample, {
    defaultValues: { kind: '', code: '', note: '' },
  });
  return (
    <Form
      form={form}
      onSubmit={(values) => {
        onValid?.(values);
        if (failWith) showServerError(form, failWith, { fields: { 'details.code': 'code' }, fallback: 'Something failed.' });
      }}
    >
      <SelectField
        label="Kind"
        name="kind"
        placeholder="Pick one"
        options={[
          { value: 'a', label: 'A' },
          { value: 'b', label: 'B' },
        ]}
        registerOptions={{ deps: ['code'] }}
      />
      <TextField label="Code" name="code" />
      <TextField label="Note" name="note" />
      <FormAlert />
      <button type="submit">Save</button>
    </Form>
  );
}

describe('the one form approach', () => {
  it('says nothing before the first submit, then marks every invalid field and focuses the first', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.type(screen.getByLabelText('Note'), 'too long');
    expect(screen.queryByText('At most 5 characters.')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Choose a kind.')).toBeTruthy();
    expect(screen.getByText('Enter a code.')).toBeTruthy();
    expect(screen.getByText('At most 5 characters.')).toBeTruthy();
    expect(screen.getByLabelText('Kind').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('Kind'));
  });

  it('after a submit, a message goes as soon as its field is fixed, and a field that reads another is checked when that one changes', async () => {
    const user = userEvent.setup();
    render(<Example />);
    await user.selectOptions(screen.getByLabelText('Kind'), 'a');
    await user.type(screen.getByLabelText('Code'), 'X1');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(screen.queryByText('A b code starts with B.')).toBeNull();

    // Switching the kind judges the code again, without touching it.
    await user.selectOptions(screen.getByLabelText('Kind'), 'b');
    expect(await screen.findByText('A b code starts with B.')).toBeTruthy();
    // ...and switching back takes the message away.
    await user.selectOptions(screen.getByLabelText('Kind'), 'a');
    expect(screen.queryByText('A b code starts with B.')).toBeNull();
    expect(screen.getByLabelText('Code').getAttribute('aria-invalid')).toBeNull();
  });

  it("puts the server's field messages on their fields (renamed where the names differ), once, and clears them on edit", async () => {
    const user = userEvent.setup();
    const failure = new ApiError({
      code: 'TX_ID_USED',
      message: 'That code is taken.',
      status: 409,
      fields: { 'details.code': 'That code is taken.' },
    });
    render(<Example failWith={failure} />);
    await user.selectOptions(screen.getByLabelText('Kind'), 'a');
    await user.type(screen.getByLabelText('Code'), 'X1');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findAllByText('That code is taken.')).toHaveLength(1);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(document.activeElement).toBe(screen.getByLabelText('Code'));

    await user.type(screen.getByLabelText('Code'), '2');
    expect(screen.queryByText('That code is taken.')).toBeNull();
  });

  it('shows a failure about no field once, above the submit button, with the screen wording when the server gave none', async () => {
    const user = userEvent.setup();
    const submitted: TSubmit[] = [];
    render(<Example onValid={(values) => submitted.push(values)} failWith={new Error('socket hang up')} />);
    await user.selectOptions(screen.getByLabelText('Kind'), 'a');
    await user.type(screen.getByLabelText('Code'), '  X1 ');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect((await screen.findByRole('alert')).textContent).toBe('Something failed.');
    // The values the schema produced (trimmed), not the raw ones.
    expect(submitted).toEqual([{ kind: 'a', code: 'X1', note: '' }]);
  });
});
