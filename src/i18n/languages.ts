// The nine interface languages: one list for the page/island layer (index.ts) and the server's texts (server.ts).
export const UI_LANGUAGES = ['de', 'en', 'fr', 'es', 'it', 'nl', 'pl', 'hu', 'cs'] as const;
export type UiLanguage = (typeof UI_LANGUAGES)[number];

export function isUiLanguage(l: string): l is UiLanguage {
  return (UI_LANGUAGES as readonly string[]).includes(l);
}
