/**
 * react-admin's <Form> as every portal form uses it: no browser validation bubbles (the fields
 * show the portal's own messages), and a submit with errors puts the focus on the first invalid
 * field, once.
 *
 * Once matters. react-hook-form's own error focus runs twice — at once, and again from a timer
 * — and the second time picks whichever field is invalid *then*. On a busy phone the timer can
 * fire after the customer has started to type into the first field: that field is valid by then,
 * so the focus jumped to the next invalid one in the middle of a word and the rest of the
 * subject landed in the message.
 *
 * react-admin's "the form is not valid" toast is shown only when the form's own checks stopped
 * the submit. When the server refused it (a name already taken), the server's message is on its
 * field, or above the buttons: a toast saying the form is invalid contradicted it.
 */
import { useLayoutEffect, useRef, type MutableRefObject } from 'react';
import { Form, useNotify, type FormProps } from 'react-admin';
import { useFormContext, useFormState, type FieldValues } from 'react-hook-form';

export function PortalForm({ onSubmit, ...props }: FormProps) {
  const reachedSubmitRef = useRef(false);
  const submit = onSubmit
    ? (values: FieldValues) => {
        reachedSubmitRef.current = true;
        return onSubmit(values);
      }
    : undefined;
  return (
    <Form
      noValidate
      {...props}
      onSubmit={submit}
      shouldFocusError={false}
      disableInvalidFormNotification
    >
      <FocusFirstInvalidField reachedSubmitRef={reachedSubmitRef} />
      {props.children}
    </Form>
  );
}

/**
 * After each refused submit, the first field (in page order) that shows an error, and the
 * toast when the form's checks refused it (`reachedSubmitRef` is false: onSubmit never ran).
 */
function FocusFirstInvalidField({
  reachedSubmitRef,
}: {
  reachedSubmitRef: MutableRefObject<boolean>;
}) {
  const { setFocus } = useFormContext();
  const { submitCount, errors } = useFormState();
  const notify = useNotify();
  const marker = useRef<HTMLSpanElement>(null);
  const focusedFor = useRef(submitCount);

  // A layout effect: the focus moves in the same task that shows the errors, before any key
  // the customer presses next is handled.
  useLayoutEffect(() => {
    if (submitCount === focusedFor.current) return;
    focusedFor.current = submitCount;
    const refusedByServer = reachedSubmitRef.current;
    reachedSubmitRef.current = false;
    if (Object.keys(errors).length === 0) return;
    if (!refusedByServer) notify('ra.message.invalid_form', { type: 'error' });
    const form = marker.current?.closest('form');
    const firstShown = form?.querySelector<HTMLElement>(
      '[aria-invalid="true"]:not([aria-hidden="true"]):not(:disabled)',
    );
    // A choice without an aria-invalid control of its own (a group of cards, of checkboxes):
    // the field react-hook-form knows first.
    if (firstShown) firstShown.focus();
    else setFocus(Object.keys(errors)[0] as string);
  }, [submitCount, errors, setFocus, notify, reachedSubmitRef]);

  return <span ref={marker} hidden />;
}
