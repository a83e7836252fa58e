/**
 * The phone input of the portal (register page, profile, agency's new account): a country picker
 * and the number (react-phone-number-input). Its flags are served by the portal itself
 * (/idc/flags/XX.svg, copied into the build by vite.config.ts), never by a third-party site, and
 * its country names come from the browser (Intl.DisplayNames), so Vietnamese reads "Việt Nam",
 * "Hoa Kỳ"; the library's English list covers any code the browser cannot name.
 */
import { useId, useMemo, type ComponentProps, type ReactNode } from 'react';
import PhoneInput, { getCountries, type Labels } from 'react-phone-number-input';
import englishCountries from 'react-phone-number-input/locale/en.json';
import 'react-phone-number-input/style.css';
import './PhoneNumberInput.css';

const FLAG_URL = `${import.meta.env.BASE_URL}flags/{XX}.svg`;

type PhoneNumberInputProps = ComponentProps<typeof PhoneInput> & {
  /** The page's language, e.g. 'vi': country names and their order follow it. */
  locale: string;
  translate: (key: string) => string;
};

export function PhoneNumberInput({ locale, translate, ...props }: PhoneNumberInputProps) {
  const labels = useMemo(() => phoneInputLabels(locale, translate), [locale, translate]);
  const generatedId = useId();
  const countrySelectId = `${props.id ?? generatedId}-country`;
  return (
    <PhoneInput
      {...props}
      labels={labels}
      locales={locale}
      flagUrl={FLAG_URL}
      // The country picker is named by a visible label (the library's aria-label alone is not
      // one a sighted customer can read).
      countrySelectProps={{ id: countrySelectId, 'aria-label': undefined }}
      containerComponent={PhoneInputRow}
      containerComponentProps={{ countryLabel: labels.country, countrySelectId }}
    />
  );
}

/** The phone input's row, its country picker led by a visible "Quốc gia" label. */
function PhoneInputRow({
  countryLabel,
  countrySelectId,
  children,
  ...props
}: ComponentProps<'div'> & { countryLabel: ReactNode; countrySelectId: string }) {
  return (
    <div {...props}>
      <label className="PhoneInputCountryLabel" htmlFor={countrySelectId}>
        {countryLabel}
      </label>
      {children}
    </div>
  );
}

/** Every label the phone input shows: the country names and its own few words. */
export function phoneInputLabels(locale: string, translate: (key: string) => string): Labels {
  const labels: Labels = {
    country: translate('app.phone.country'),
    phone: translate('app.phone.phone'),
    ext: translate('app.phone.ext'),
    ZZ: translate('app.phone.international'),
  };
  let regionNames: Intl.DisplayNames | undefined;
  try {
    regionNames = new Intl.DisplayNames([locale], { type: 'region', fallback: 'none' });
  } catch {
    regionNames = undefined; // a browser without Intl.DisplayNames: the English list below
  }
  for (const country of getCountries()) {
    labels[country] = regionNames?.of(country) ?? englishCountries[country];
  }
  return labels;
}
