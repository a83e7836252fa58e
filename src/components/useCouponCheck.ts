/**
 * A coupon field whose code is checked by the sandbox on each Apply press (one call per press).
 * Only a code the check accepted counts: typing another code or a failed check drops the old
 * result at once, so the shown total and what Pay sends are always for the same code (or none).
 */
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';

import { errorMessage, errorStatus } from '../api/client';

/** A code the sandbox accepted, exactly as it was checked (and will be sent), with its answer. */
export interface CheckedCoupon<Result> {
  code: string;
  result: Result;
}

export function useCouponCheck<Result>(options: {
  check: (code: string) => Promise<Result>;
  /** The message for a code the sandbox refuses (400) without saying why. */
  invalidKey: string;
}) {
  const translate = useTranslate();
  const [codeInput, setCodeInput] = useState('');
  const [checked, setChecked] = useState<CheckedCoupon<Result> | null>(null);
  const [error, setError] = useState<string>();

  const mutation = useMutation({
    mutationFn: options.check,
    onMutate: () => {
      // A new check drops the old result at once, whatever it answers.
      setChecked(null);
      setError(undefined);
    },
    onSuccess: (result, code) => setChecked({ code, result }),
    // A refused code: the sandbox's message says why (unknown, expired, used up, a gift code…),
    // in the reader's language.
    onError: (failure) =>
      setError(
        errorMessage(
          failure,
          (key) => translate(key),
          errorStatus(failure) === 400 ? options.invalidKey : 'app.error.generic',
        ),
      ),
  });

  const typedCode = codeInput.trim();
  return {
    codeInput,
    typedCode,
    checked,
    error,
    isChecking: mutation.isPending,
    /** A code is typed that has not been accepted: Pay must wait for its check. */
    unchecked: typedCode !== '' && checked?.code !== typedCode,
    changeCode: (value: string) => {
      setCodeInput(value);
      setError(undefined);
      if (checked && checked.code !== value.trim()) setChecked(null);
    },
    submit: (event: FormEvent) => {
      event.preventDefault();
      if (!typedCode || mutation.isPending) return;
      mutation.mutate(typedCode);
    },
    /** Checks the accepted code again, e.g. after the amounts it was checked against changed. */
    recheck: () =>
      checked ? mutation.mutateAsync(checked.code).catch(() => undefined) : undefined,
    remove: () => {
      setChecked(null);
      setCodeInput('');
      setError(undefined);
    },
  };
}

/** What useCouponCheck answers. */
export type CouponCheck<Result> = ReturnType<typeof useCouponCheck<Result>>;
