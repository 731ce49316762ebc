import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { MSG } from '#shared/messages.js';
import { ApiError } from '#web/lib/api.js';
import { Input } from '#web/components/ui/input.js';
import { showServerError } from './server-error';
import { useLightForm, type TLightCheck } from './use-light-form';

/*
 * use-light-form.ts (docs/decisions/064): the payment form's state without react-hook-form. What
 * the payment form's own tests (features/orders/components/payment-form.test.tsx) do not reach:
 * rules that fail to download, a server message about no field, and the order of focus.
 */

type TValues = { first: string; second: string };
const EMPTY: TValues = { first: '', second: '' };

const required: TLightCheck<TValues, TValues> = async (values) => {
  const errors: Record<string, string> = {};
  if (!values.first.trim()) errors.first = 'Enter the first.';
  if (!values.second.trim()) errors.second = 'Enter the second.';
  return Object.keys(errors).length > 0
    ? { ok: false, errors }
    : { ok: true, data: { first: values.first.trim(), second: values.second.trim() } };
};

function TwoFields({
  loadCheck,
  onValid,
  failWith,
}: {
  loadCheck: () => Promise<typeof required>;
  onValid: (data: TValues) => void;
  failWith?: unknown;
}) {
  const { field, rootError, handleSubmit, form } = useLightForm<TValues, TValues>(loadCheck, EMPTY);
  return (
    <form
      noValidate
      onSubmit={handleSubmit((data) => {
        if (failWith) showServerError(form, failWith);
        else onValid(data);
      })}
    >
      <Input {...field('first')} label="First" />
      <Input {...field('second')} label="Second" />
      {rootError && <p role="alert">{rootError}</p>}
      <button type="submit">Send</button>
    </form>
  );
}

describe('useLightForm', () => {
  it('refuses the submit with a clear message while its rules cannot be downloaded, and asks again at the next submit', async () => {
    const user = userEvent.setup();
    let attempts = 0;
    const sent: TValues[] = [];
    const loadCheck = () => {
      attempts += 1;
      return attempts === 1 ? Promise.reject(new Error('Failed to fetch dynamically imported module')) : Promise.resolve(required);
    };
    render(<TwoFields loadCheck={loadCheck} onValid={(data) => sent.push(data)} />);
    await user.type(screen.getByLabelText('First'), ' a ');
    await user.type(screen.getByLabelText('Second'), 'b');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe(MSG.formCheckUnavailable);
    expect(sent).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sent).toEqual([{ first: 'a', second: 'b' }]));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('focuses the first field in error in the order they show, and checks an edited field again after a submit', async () => {
    const user = userEvent.setup();
    render(<TwoFields loadCheck={() => Promise.resolve(required)} onValid={() => undefined} />);
    await user.type(screen.getByLabelText('Second'), 'b');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Enter the first.')).toBeTruthy();
    expect(screen.queryByText('Enter the second.')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('First')));

    await user.clear(screen.getByLabelText('Second'));
    expect(await screen.findByText('Enter the second.')).toBeTruthy();
    await user.type(screen.getByLabelText('First'), 'a');
    await waitFor(() => expect(screen.queryByText('Enter the first.')).toBeNull());
    expect(screen.getByLabelText('First').getAttribute('aria-invalid')).toBeNull();
  });

  it('shows a server message about no field above the form, and takes it away when the person edits', async () => {
    const user = userEvent.setup();
    const failure = new ApiError({ code: 'ORDER_EXPIRED', message: 'This order has expired.', status: 409 });
    render(<TwoFields loadCheck={() => Promise.resolve(required)} onValid={() => undefined} failWith={failure} />);
    await user.type(screen.getByLabelText('First'), 'a');
    await user.type(screen.getByLabelText('Second'), 'b');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This order has expired.');
    await user.type(screen.getByLabelText('First'), 'c');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
