/**
 * The device a session was signed in from, as the account page names it: the browser and the
 * operating system read from a `User-Agent` header. Deliberately simple: the few families
 * customers use, checked in an order that sees through the names browsers borrow from each other
 * (Edge and Opera say "Chrome", Chrome says "Safari", every one says "Mozilla"). Anything else is
 * unknown (null), never guessed.
 */
export interface DeviceDescription {
  /** "Chrome 131", "Firefox 133", "Safari 17", … or null when not recognised. */
  browser: string | null;
  /** "Windows", "macOS", "iOS", "Android", "Linux", "ChromeOS", or null. */
  os: string | null;
}

// First match wins; each pattern captures the major version.
const BROWSERS: readonly [name: string, pattern: RegExp][] = [
  ['Edge', /\bEdg(?:e|A|iOS)?\/(\d+)/],
  ['Opera', /\b(?:OPR|Opera)\/(\d+)/],
  ['Samsung Internet', /\bSamsungBrowser\/(\d+)/],
  ['Cốc Cốc', /\bcoc_coc_browser\/(\d+)/],
  ['Firefox', /\b(?:Firefox|FxiOS)\/(\d+)/],
  // Headless Chrome (automated browsers, such as the end-to-end tests') is Chrome all the same.
  ['Chrome', /\b(?:Chrome|CriOS|HeadlessChrome)\/(\d+)/],
  ['Safari', /\bVersion\/(\d+)(?:\.\d+)*(?: Mobile\/\w+)? Safari\//],
  ['curl', /^curl\/(\d+)/],
];

const SYSTEMS: readonly [name: string, pattern: RegExp][] = [
  ['Windows', /\bWindows\b/],
  ['iOS', /\b(?:iPhone|iPad|iPod)\b/],
  ['macOS', /\bMac OS X\b|\bMacintosh\b/],
  ['Android', /\bAndroid\b/],
  ['ChromeOS', /\bCrOS\b/],
  ['Linux', /\bLinux\b/],
];

export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  const text = userAgent ?? '';
  let browser: string | null = null;
  for (const [name, pattern] of BROWSERS) {
    const match = pattern.exec(text);
    if (match) {
      browser = `${name} ${match[1]}`;
      break;
    }
  }
  const os = SYSTEMS.find(([, pattern]) => pattern.test(text))?.[0] ?? null;
  return { browser, os };
}
