import './spinner.css';

/** Shown while a page's code downloads; plain markup so it costs nothing to show. */
export function FullPageSpinner() {
  return (
    <div className="pub-fullpage" role="status" aria-live="polite">
      <span className="pub-spinner pub-spinner-large" aria-hidden="true" />
    </div>
  );
}
