import { usePublicI18n } from '../../i18n/PublicI18nProvider';
import { Link } from './Link';
import { navigate } from './navigation';
import { PublicShell } from './PublicShell';

/** /500: shown when the API answers 500; it needs neither a session nor a working API. */
export default function ServerErrorPage() {
  const { translate } = usePublicI18n();
  return (
    <PublicShell title={translate('app.page.server_error')}>
      <p>{translate('app.error.server_error_help')}</p>
      <div className="pub-row">
        <button type="button" className="pub-button" onClick={() => navigate(-1)}>
          {translate('app.action.back')}
        </button>
        <Link className="pub-button pub-button-primary" to="/dashboard">
          {translate('app.action.home')}
        </Link>
      </div>
    </PublicShell>
  );
}
