/**
 * Form state for the public pages: values, which fields were touched, and their messages.
 * Messages appear once a field is touched (blur or change, spec §5) or after a submit attempt;
 * values are never cleared by a failed call.
 */
import { useState } from 'react';

import type { ValidationMessage } from '../../domain/validation';

export type Validators<T> = { [K in keyof T]?: (value: T[K], values: T) => ValidationMessage };

export function useFormFields<T extends Record<string, string>>(
  initial: T,
  validators: Validators<T>,
  translate: (key: string) => string,
) {
  const [values, setValues] = useState<T>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof T, string>>>({});

  const messageFor = (name: keyof T): ValidationMessage => validators[name]?.(values[name], values);

  /** The message to show under a field, in the user's language, or undefined. */
  const errorFor = (name: keyof T): string | undefined => {
    if (serverErrors[name]) return serverErrors[name]; // already worded by the server
    const key = touched[name] || submitted ? messageFor(name) : undefined;
    return key ? translate(key) : undefined;
  };

  const setValue = (name: keyof T, value: string) => {
    setValues((current) => ({ ...current, [name]: value }));
    setTouched((current) => ({ ...current, [name]: true }));
    setServerErrors((current) => ({ ...current, [name]: undefined }));
  };

  const touch = (name: keyof T) => setTouched((current) => ({ ...current, [name]: true }));

  /** Marks the form submitted; true when every field passes. */
  const validateAll = (): boolean => {
    setSubmitted(true);
    return (Object.keys(values) as (keyof T)[]).every((name) => !messageFor(name));
  };

  /** Everything a TextField needs to show and edit one field. */
  const field = (name: keyof T & string) => ({
    name,
    value: values[name],
    onChange: (value: string) => setValue(name, value),
    onBlur: () => touch(name),
    error: errorFor(name),
  });

  return { values, setValue, touch, errorFor, field, validateAll, setServerErrors };
}
