/** The frame of every public page: product name, language flags, and a centred card (index.html draws the same frame for the first paint). */
import type { ReactNode } from 'react';

import { LanguageFlags } from '../../components/LanguageFlags';
import { usePageTitle } from '../../components/usePageTitle';
import { config } from '../../config';
import { usePublicI18n } from '../../i18n/PublicI18nProvider';
import './public.css';

export function PublicShell(props: { title: string; children: ReactNode }) {
  const { locale, changeLocale, translate } = usePublicI18n();
  usePageTitle(props.title);

  return (
    <main className="pub-main">
      <div className="pub-card">
        <div className="pub-header">
          <p className="pub-brand">{config.productName}</p>
        </div>
        <h1 className="pub-title">{props.title}</h1>
        {props.children}
        {/* After the form, so Tab starts on the form; shown at the top right (public.css). */}
        <div className="pub-languages">
          <LanguageFlags
            locale={locale}
            onSelect={(next) => void changeLocale(next)}
            labels={{ vi: translate('app.language.vi'), en: translate('app.language.en') }}
            groupLabel={translate('app.language.switch')}
          />
        </div>
      </div>
    </main>
  );
}
