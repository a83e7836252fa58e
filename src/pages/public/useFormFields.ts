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
) {
  const [values, setValues] = useState<T>(initial);
  const [touched, setTouched] = useState<Partial<Record<keyof T, boolean>>>({});
  const [submitted, setSubmitted] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<keyof T, string>>>({});

  const messageFor = (name: keyof T): ValidationMessage => validators[name]?.(values[name], values);

  const errorFor = (name: keyof T): ValidationMessage =>
    serverErrors[name] ?? (touched[name] || submitted ? messageFor(name) : undefined);

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

  return { values, setValue, touch, errorFor, validateAll, setServerErrors };
}
