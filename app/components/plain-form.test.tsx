import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../testing/render-app.tsx';
import { setupUser } from '../testing/user.ts';
import { type FieldCheck, PlainFormItem, usePlainForm } from './plain-form.tsx';
import { TextInput } from './plain-inputs.ts';

type Values = { name: string };

/** A check whose answers the test gives, one per call, in any order. */
function heldChecks() {
  const calls: Array<{ value: string; answer: (problem: string | undefined) => void }> = [];
  const check: FieldCheck<Values> = (values) =>
    new Promise((resolve) => {
      calls.push({ value: values.name, answer: resolve });
    });
  return { check, calls };
}

function NameForm({ check, onValid }: { check: FieldCheck<Values>; onValid: (values: Values) => void }) {
  const form = usePlainForm<Values>({ name: '' }, check);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void form.validate().then((values) => values && onValid(values));
      }}
    >
      <PlainFormItem field="name" errors={form.errors.name}>
        <TextInput {...form.textField('name')} aria-label="Name" />
      </PlainFormItem>
      <button type="submit">Save</button>
      <button type="button" onClick={() => form.setErrors({ name: ['Taken'] })}>
        Server says
      </button>
    </form>
  );
}

describe('plain form', () => {
  it('shows the answer of the latest check of a field, even when an older one answers last', async () => {
    const { check, calls } = heldChecks();
    const user = setupUser();
    renderApp('/', { routes: [{ path: '/', element: <NameForm check={check} onValid={() => {}} /> }] });
    const input = await screen.findByRole('textbox', { name: 'Name' });
    await user.type(input, 'ab');
    expect(calls.map((call) => call.value)).toEqual(['a', 'ab']);
    act(() => calls[1]?.answer(undefined));
    act(() => calls[0]?.answer('Too short'));
    await act(async () => {});
    expect(screen.queryByText('Too short')).toBeNull();
    expect(input).not.toHaveAttribute('aria-invalid');
  });

  it('marks the field invalid and described by its error, and submits only valid values', async () => {
    const { check, calls } = heldChecks();
    const submitted: Values[] = [];
    const user = setupUser();
    renderApp('/', {
      routes: [
        { path: '/', element: <NameForm check={check} onValid={(values) => submitted.push(values)} /> },
      ],
    });
    const input = await screen.findByRole('textbox', { name: 'Name' });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    act(() => calls[0]?.answer('Please enter a name'));
    const error = await screen.findByText('Please enter a name');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Please enter a name');
    expect(error.parentElement).toHaveAttribute('id', input.getAttribute('aria-describedby'));
    expect(submitted).toEqual([]);

    await user.type(input, 'Ann');
    for (const call of calls.slice(1)) act(() => call.answer(undefined));
    await waitFor(() => expect(input).not.toHaveAttribute('aria-invalid'));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    act(() => calls.at(-1)?.answer(undefined));
    await waitFor(() => expect(submitted).toEqual([{ name: 'Ann' }]));

    // An error from elsewhere (the server) is shown until the field is checked again.
    await user.click(screen.getByRole('button', { name: 'Server says' }));
    expect(input).toHaveAccessibleDescription('Taken');
    await user.type(input, 'e');
    act(() => calls.at(-1)?.answer(undefined));
    await waitFor(() => expect(screen.queryByText('Taken')).toBeNull());
  });
});
