// Paths of the scanner's routes (section 2: kamera, kamera/scanresult/{codeData}, kamera/settings,
// kamera/tutorial, kamera/tutorial/mdr). The code travels percent-encoded in one path segment.
export function kameraPaths(country: string, lang: string) {
  const b = `/${country}/${lang}/kamera`;
  return {
    scanner: `${b}/`,
    logbook: `${b}/#logbuch`,
    /** the lot recall below the logbook, searching the scanned code's LOT at once */
    recall: (code: string) => `${b}/#rueckruf=${encodeURIComponent(code)}`,
    settings: `${b}/settings/`,
    tutorial: `${b}/tutorial/`,
    mdr: `${b}/tutorial/mdr/`,
    result: (code: string) => `${b}/scanresult/${encodeURIComponent(code)}/`,
  };
}

/** The scanned code of a scanresult address (read from the raw path, so "/" and FNC1 survive). */
export function codeFromPath(pathname: string): string {
  const m = /\/kamera\/scanresult\/(.+?)\/?$/.exec(pathname);
  if (!m) return '';
  try { return decodeURIComponent(m[1]!); } catch { return m[1]!; }
}
