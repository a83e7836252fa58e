/** The frame of every public page: product name, language flags, and a centred card. */
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
          <LanguageFlags
            locale={locale}
            onSelect={(next) => void changeLocale(next)}
            labels={{ vi: translate('app.language.vi'), en: translate('app.language.en') }}
            groupLabel={translate('app.language.switch')}
          />
        </div>
        <h1 className="pub-title">{props.title}</h1>
        {props.children}
      </div>
    </main>
  );
}
