/** The language switch: one flag per locale, the current one marked as pressed. */
import type { Locale } from '../domain/constants';

interface LanguageFlagsProps {
  locale: Locale;
  onSelect: (locale: Locale) => void;
  labels: Record<Locale, string>;
  /** Names the group for screen readers, in the current language. */
  groupLabel: string;
}

export function LanguageFlags({ locale, onSelect, labels, groupLabel }: LanguageFlagsProps) {
  return (
    <div style={{ display: 'flex', gap: 8 }} role="group" aria-label={groupLabel}>
      {(['vi', 'en'] as const).map((code) => (
        <button
          key={code}
          type="button"
          onClick={() => onSelect(code)}
          aria-pressed={locale === code}
          aria-label={labels[code]}
          title={labels[code]}
          style={{
            padding: 2,
            border: locale === code ? '2px solid #1565c0' : '2px solid transparent',
            borderRadius: 4,
            background: 'none',
            cursor: 'pointer',
            lineHeight: 0,
          }}
        >
          {code === 'vi' ? <VietnamFlag /> : <BritishFlag />}
        </button>
      ))}
    </div>
  );
}

function VietnamFlag() {
  return (
    <svg width="30" height="20" viewBox="0 0 30 20" aria-hidden="true">
      <rect width="30" height="20" fill="#da251d" />
      <polygon
        fill="#ff0"
        points="15,4 16.8,9.3 22.4,9.3 17.9,12.6 19.6,17.9 15,14.6 10.4,17.9 12.1,12.6 7.6,9.3 13.2,9.3"
      />
    </svg>
  );
}

function BritishFlag() {
  return (
    <svg width="30" height="20" viewBox="0 0 60 40" aria-hidden="true">
      <rect width="60" height="40" fill="#012169" />
      <path d="M0,0 60,40 M60,0 0,40" stroke="#fff" strokeWidth="8" />
      <path d="M0,0 60,40 M60,0 0,40" stroke="#c8102e" strokeWidth="3" />
      <path d="M30,0 v40 M0,20 h60" stroke="#fff" strokeWidth="12" />
      <path d="M30,0 v40 M0,20 h60" stroke="#c8102e" strokeWidth="7" />
    </svg>
  );
}
