/**
 * A value made on first asking and kept: for `Intl` formatters, whose first making on a page loads the browser's
 * locale and time-zone data (a long pause on a phone), so a screen pays it only when it formats something with them.
 */
export function once<T>(make: () => T): () => T {
  let made: { value: T } | undefined;
  return () => (made ??= { value: make() }).value;
}
