/**
 * What a customer has typed into a long text (a ticket, a reply), kept in the browser until it is
 * sent: a failure that leaves the page (spec §8 sends a 500 to /500), a reload or a session that
 * expired mid-sentence no longer loses it. Kept per account (another account signing in on this
 * browser never sees it) in localStorage, which signing out clears (spec §4).
 */
import { useEffect } from 'react';
import { useFormState, useWatch } from 'react-hook-form';

import { getStoredUserInfo } from '../authProvider/sessionStore';

const PREFIX = 'draft';

function storageKey(form: string): string | undefined {
  const user = getStoredUserInfo();
  return user ? `${PREFIX}:${user.id}:${form}` : undefined;
}

/** The draft kept for `form`, to start the form with; undefined when there is none. */
export function readDraft<T extends Record<string, unknown>>(form: string): Partial<T> | undefined {
  const key = storageKey(form);
  const raw = key ? localStorage.getItem(key) : null;
  if (!raw) return undefined;
  try {
    const draft = JSON.parse(raw) as unknown;
    return typeof draft === 'object' && draft !== null ? (draft as Partial<T>) : undefined;
  } catch {
    return undefined;
  }
}

/** Forgets the draft of `form`: it was sent. */
export function clearDraft(form: string): void {
  const key = storageKey(form);
  if (key) localStorage.removeItem(key);
}

/**
 * Inside a react-hook-form form: keeps its `fields` as the customer types them. Only what the
 * customer changed counts: a form resetting itself (sent, or unmounting on the way to another
 * page) is no customer emptying it.
 */
export function KeepDraft({ form, fields }: { form: string; fields: readonly string[] }) {
  const values = useWatch({ name: fields as string[] }) as unknown[];
  const { dirtyFields } = useFormState({ name: fields as string[] });
  const edited = fields.some((field) => Boolean((dirtyFields as Record<string, unknown>)[field]));
  const serialised = JSON.stringify(
    Object.fromEntries(fields.map((field, i) => [field, values[i]])),
  );
  useEffect(() => {
    const key = storageKey(form);
    if (!key || !edited) return;
    const draft = JSON.parse(serialised) as Record<string, unknown>;
    const typed = Object.values(draft).some(
      (value) => typeof value === 'string' && value.trim() !== '',
    );
    if (typed) localStorage.setItem(key, serialised);
    else localStorage.removeItem(key);
  }, [form, edited, serialised]);
  return null;
}
