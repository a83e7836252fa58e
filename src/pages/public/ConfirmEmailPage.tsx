import { useEffect, useRef, useState } from 'react';
import verifyEn from 'virtual:messages/en/verify';
import verifyVi from 'virtual:messages/vi/verify';

import { authApi } from '../../api/auth';
import { revokeSessionQuietly } from '../../api/signedInAuth';
import { errorMessage, errorStatus, isNetworkError, NETWORK_ERROR_MESSAGE } from '../../api/client';
import { getToken } from '../../authProvider/sessionStore';
import { signInWithToken } from '../../authProvider/signIn';
import { CONFIRM_EMAIL_DELAY_MS } from '../../domain/constants';
import { translateWith } from '../../i18n/interpolate';
import { usePublicI18n } from '../../i18n/PublicI18nProvider';
import { Link } from './Link';
import { navigate, usePublicLocation, useSearchParams } from './navigation';
import { usePublicNotify } from './PublicNotifier';
import { PublicShell } from './PublicShell';
import { Notice, Spinner } from './ui';

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The addresses of the account this browser is signed in to and of the one a link confirmed. */
type TwoAccounts = { current: string; confirmed: string };

/**
 * What the page says when it does not sign in with the link: a failure, the server's own message
 * for a link used before (409: already confirmed), or that another account stays signed in.
 */
type Outcome =
  'link_invalid' | 'unreachable' | { confirmedBefore: string } | { keptSignedIn: TwoAccounts };

/**
 * The two accounts, when this browser is signed in to another account than the one the link
 * confirmed. Its session is then kept: a link someone else sent must not switch a signed-in
 * customer into their account unasked (what the customer then did would land there). A session
 * that is no longer valid counts as none.
 */
async function anotherAccountSignedIn(
  confirmedSession: string,
  locale: string,
): Promise<TwoAccounts | null> {
  const current = getToken();
  if (!current) return null;
  // Asked one after the other: confirming ended the sessions of the confirmed account, so the
  // usual case (its own session, from /verify) ends at the first answer.
  const mine = await authApi.getCurrentUser(current, locale).catch(() => null);
  if (!mine) return null;
  const confirmed = await authApi.getCurrentUser(confirmedSession, locale);
  return mine.id === confirmed.id ? null : { current: mine.email, confirmed: confirmed.email };
}

export default function ConfirmEmailPage() {
  const { translate, locale } = usePublicI18n();
  const notify = usePublicNotify();
  const location = usePublicLocation();
  const search = useSearchParams();
  const token = search.get('token');
  const started = useRef(false);
  const [confirmed, setConfirmed] = useState(false);
  const [outcome, setOutcome] = useState<Outcome | null>(null);

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
        const twoAccounts = await anotherAccountSignedIn(sessionToken, locale);
        if (twoAccounts) {
          await revokeSessionQuietly(sessionToken);
          setOutcome({ keptSignedIn: twoAccounts });
          return;
        }
        await signInWithToken(sessionToken, location, navigate);
      } catch (error) {
        // §8 sends a failed confirmation to login. A customer who is signed in (an old link
        // opened again, in the same browser) keeps the session: going to login would end it.
        // A link clicked twice is no failure: the address is confirmed, and the page says so.
        const confirmedBefore =
          errorStatus(error) === 409 ? errorMessage(error, translate) : undefined;
        if (getToken()) {
          setOutcome(
            isNetworkError(error)
              ? 'unreachable'
              : confirmedBefore
                ? { confirmedBefore }
                : 'link_invalid',
          );
        } else {
          if (confirmedBefore) notify(confirmedBefore, 'info');
          navigate('/login', { replace: true });
        }
      }
    })();
  }, [token, locale, location, notify, translate]);

  return (
    <PublicShell title={translate('app.page.confirm')}>
      {outcome ? (
        <div className="pub-form">
          {typeof outcome === 'string' ? (
            <Notice type="error">
              {translate(
                outcome === 'unreachable' ? NETWORK_ERROR_MESSAGE : 'app.auth.confirm_link_invalid',
              )}
            </Notice>
          ) : 'keptSignedIn' in outcome ? (
            <Notice type="info">
              {translateWith(
                locale === 'en' ? verifyEn : verifyVi,
                verifyVi,
                'account.verify.confirmed_other_account',
                outcome.keptSignedIn,
              )}
            </Notice>
          ) : (
            <Notice type="info">{outcome.confirmedBefore}</Notice>
          )}
          <Link className="pub-button pub-button-primary" to="/dashboard">
            {translate('app.action.go_dashboard')}
          </Link>
        </div>
      ) : (
        <div className="pub-status" role="status">
          <Spinner large />
          <p>{translate(confirmed ? 'app.auth.confirmed' : 'app.auth.confirming')}</p>
        </div>
      )}
    </PublicShell>
  );
}
