/** Small form pieces for the public pages (no MUI there: it would double the first download). */
import { useId, type ReactNode } from 'react';

import '../../components/spinner.css';

interface TextFieldProps {
  label: string;
  name: string;
  type?: string;
  value: string;
  autoComplete?: string;
  required?: boolean;
  /** The form's first field: focused when the page opens, so typing starts there (issue 10 §4). */
  initialFocus?: boolean;
  error?: string;
  help?: string;
  onChange: (value: string) => void;
  onBlur: () => void;
}

export function TextField(props: TextFieldProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const message = props.error ?? props.help;
  return (
    <div className="pub-field" data-invalid={Boolean(props.error)}>
      <label htmlFor={id}>
        {props.label}
        {props.required ? ' *' : ''}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete={props.autoComplete}
        required={props.required}
        // A page with one form and nothing before it: focusing its first field skips nothing.
        // eslint-disable-next-line jsx-a11y/no-autofocus
        autoFocus={props.initialFocus}
        aria-invalid={Boolean(props.error)}
        aria-describedby={message ? messageId : undefined}
        onChange={(event) => props.onChange(event.target.value)}
        onBlur={props.onBlur}
      />
      <FieldMessage id={messageId} error={props.error} help={props.help} />
    </div>
  );
}

export function FieldMessage(props: { id: string; error?: string; help?: string }) {
  if (props.error) {
    return (
      <p id={props.id} className="pub-field-error" role="alert">
        {props.error}
      </p>
    );
  }
  return props.help ? (
    <p id={props.id} className="pub-field-help">
      {props.help}
    </p>
  ) : null;
}

export function Spinner(props: { large?: boolean; label?: string }) {
  return (
    <span
      className={props.large ? 'pub-spinner pub-spinner-large' : 'pub-spinner'}
      role={props.label ? 'progressbar' : undefined}
      aria-label={props.label}
      aria-hidden={props.label ? undefined : true}
    />
  );
}

/** A submit button that shows a spinner and cannot be pressed again while its call runs. */
export function SubmitButton(props: { busy: boolean; children: ReactNode }) {
  return (
    <button
      type="submit"
      className="pub-button pub-button-primary"
      disabled={props.busy}
      aria-busy={props.busy}
    >
      {props.busy ? <Spinner /> : null}
      {props.children}
    </button>
  );
}

export function Notice(props: {
  type: 'success' | 'info' | 'error' | 'warning';
  children: ReactNode;
}) {
  return (
    <p className={`pub-notice pub-notice-${props.type}`} role="status">
      {props.children}
    </p>
  );
}
