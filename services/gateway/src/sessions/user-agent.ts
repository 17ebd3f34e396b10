/** What a User-Agent says about the device and browser, in words a user recognises in a list of sessions. */
export interface DeviceDescription {
  device: string;
  browser: string;
}

/** First match wins: several browsers name Chrome and Safari as well as themselves. */
const BROWSERS: ReadonlyArray<[pattern: RegExp, name: string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bChromium\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];

/** iPads and Android tablets also say Mobile or Macintosh at times, so the specific names come first. */
const DEVICES: ReadonlyArray<[pattern: RegExp, name: string]> = [
  [/\biPad\b/, 'iPad'],
  [/\biPhone\b/, 'iPhone'],
  [/\bAndroid\b.*\bMobile\b/, 'Android phone'],
  [/\bAndroid\b/, 'Android tablet'],
  [/\bCrOS\b/, 'Chromebook'],
  [/\bWindows\b/, 'Windows computer'],
  [/\bMacintosh\b|\bMac OS X\b/, 'Mac'],
  [/\bLinux\b/, 'Linux computer'],
];

export function describeUserAgent(userAgent: string | null): DeviceDescription {
  const text = userAgent ?? '';
  const browser = BROWSERS.find(([pattern]) => pattern.test(text))?.[1] ?? 'Unknown browser';
  const device = DEVICES.find(([pattern]) => pattern.test(text))?.[1] ?? 'Unknown device';
  return { device, browser };
}
