/**
 * Around the public pages and the download of the signed-in portal (Root): when a page's code
 * cannot be downloaded (server out of reach), a translated message and a Retry that reloads,
 * instead of a blank page. Plain markup, like the public pages, so it costs nothing to load.
 */
import { Component, type ReactNode } from 'react';

import { usePublicI18n } from '../../i18n/PublicI18nProvider';
import { isChunkLoadError, reloadPage } from '../../components/chunkLoadError';
import './public.css';

export class PublicErrorBoundary extends Component<
  { children: ReactNode },
  { error: unknown; failed: boolean }
> {
  state = { error: undefined as unknown, failed: false };

  static getDerivedStateFromError(error: unknown) {
    return { error, failed: true };
  }

  render() {
    return this.state.failed ? <LoadFailedPage error={this.state.error} /> : this.props.children;
  }
}

function LoadFailedPage({ error }: { error: unknown }) {
  const { translate } = usePublicI18n();
  const unreachable = isChunkLoadError(error);
  return (
    <main className="pub-main">
      <div className="pub-card">
        <h1 className="pub-title">
          {translate(unreachable ? 'app.error.unreachable_title' : 'app.error.title')}
        </h1>
        <p role="alert">{translate(unreachable ? 'app.error.network' : 'app.error.generic')}</p>
        <button type="button" className="pub-button pub-button-primary" onClick={reloadPage}>
          {translate('app.action.retry')}
        </button>
      </div>
    </main>
  );
}
