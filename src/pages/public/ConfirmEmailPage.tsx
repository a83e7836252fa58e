import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';

import { authApi } from '../../api/auth';
import { signInWithToken } from '../../authProvider/signIn';
import { CONFIRM_EMAIL_DELAY_MS } from '../../domain/constants';
import { usePublicI18n } from '../../i18n/PublicI18nProvider';
import { PublicShell } from './PublicShell';
import { Spinner } from './ui';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export default function ConfirmEmailPage() {
  const { translate, locale } = usePublicI18n();
  const navigate = useNavigate();
  const location = useLocation();
  const [search] = useSearchParams();
  const token = search.get('token');
  const started = useRef(false);
  const [confirmed, setConfirmed] = useState(false);

  useEffect(() => {
    // The token is single-use: confirm once even if React runs the effect twice.
    if (started.current) return;
    started.current = true;
    if (!token) {
      navigate('/login', { replace: true });
      return;
    }
    (async () => {
      try {
        const { token: sessionToken } = await authApi.confirmEmail(token, locale);
        setConfirmed(true);
        await wait(CONFIRM_EMAIL_DELAY_MS); // §4: the thank-you stays up for 3 s
        await signInWithToken(sessionToken, location, navigate);
      } catch {
        navigate('/login', { replace: true });
      }
    })();
  }, [token, locale, location, navigate]);

  return (
    <PublicShell title={translate('app.page.confirm')}>
      <div className="pub-status" role="status">
        <Spinner large />
        <p>{translate(confirmed ? 'app.auth.confirmed' : 'app.auth.confirming')}</p>
      </div>
    </PublicShell>
  );
}
