import { config } from '../../config';

/**
 * The card's frame with a spinner: what index.html draws before any script runs, drawn again
 * while a public page's code downloads, so the page does not flash between the two.
 */
export function PublicPageFrame() {
  return (
    <main className="pub-main">
      <div className="pub-card">
        <div className="pub-header">
          <p className="pub-brand">{config.productName}</p>
        </div>
        <div className="pub-title-placeholder" />
        <div className="pub-status" role="status" aria-live="polite">
          <span className="pub-spinner pub-spinner-large" aria-hidden="true" />
        </div>
      </div>
    </main>
  );
}
