// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { AdminContext, memoryStore, required, TextInput } from 'react-admin';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { createI18nProvider } from '../i18n/i18nProvider';
import { vi as vietnamese } from '../i18n/vi';
import { PortalForm } from './PortalForm';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function renderForm(onSubmit = vi.fn()) {
  render(
    <AdminContext
      i18nProvider={createI18nProvider('vi', vietnamese, async () => undefined)}
      store={memoryStore()}
    >
      <PortalForm onSubmit={onSubmit} defaultValues={{ subject: '', content: '' }}>
        <TextInput source="subject" label="Tiêu đề" validate={required()} />
        <TextInput source="content" label="Nội dung" validate={required()} />
        <button type="submit">Gửi</button>
      </PortalForm>
    </AdminContext>,
  );
  return {
    subject: screen.getByRole('textbox', { name: /Tiêu đề/ }),
    content: screen.getByRole('textbox', { name: /Nội dung/ }),
    send: screen.getByRole('button', { name: 'Gửi' }),
  };
}

/** Lets the validation's promises settle, without running any timer. */
async function settle(until: () => boolean) {
  for (let turns = 0; turns < 100 && !until(); turns += 1) {
    await act(() => Promise.resolve());
  }
  expect(until()).toBe(true);
}

describe('PortalForm', () => {
  it('puts the focus on the first invalid field when a submit is refused', async () => {
    const onSubmit = vi.fn();
    const { subject, send } = renderForm(onSubmit);
    send.focus();
    fireEvent.click(send);
    await settle(() => subject.getAttribute('aria-invalid') === 'true');
    expect(subject).toHaveFocus();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('leaves the focus where the customer is typing, however late the timers run', async () => {
    // The timers are held, as a busy phone holds them behind the keys being typed.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { subject, content, send } = renderForm();
    fireEvent.click(send);
    await settle(() => subject.getAttribute('aria-invalid') === 'true');
    expect(subject).toHaveFocus();

    fireEvent.change(subject, { target: { value: 'Máy c' } });
    await settle(() => subject.getAttribute('aria-invalid') === 'false');
    expect(content).toHaveAttribute('aria-invalid', 'true');
    await act(() => vi.runOnlyPendingTimersAsync());

    expect(subject).toHaveFocus();
  });
});
