// Paths of the named routes the shop islands link to (section 2), under /{country}/{language}.
export function routes(c: string, l: string) {
  const b = `/${c}/${l}`;
  return {
    home: `${b}/`,
    wk: `${b}/wk`,
    schnellbestellung: `${b}/shop/schnellbestellung`,
    kasse: `${b}/wk/kasse`,
    submit: `${b}/wk/submit`,
    konto: `${b}/konto`,
    meinlabor: `${b}/meinlabor`,
    topartikel: (pg?: number) => `${b}/meinlabor/topartikel${pg !== undefined ? `/${pg}` : ''}`,
    vorschlag: `${b}/meinlabor/vorschlag`,
    bestellliste: (id: number) => `${b}/meinlabor/bestellliste/${id}`,
    historie: (iso: string, auftrag: number | string) => {
      const d = new Date(iso);
      return `${b}/meinlabor/historie/auftrag/${d.getFullYear()}/${d.getMonth() + 1}/${d.getDate()}/${auftrag}`;
    },
    register: `${b}/register`,
    fastRegister: `${b}/fast-register`,
    passwortVergessen: `${b}/passwort-vergessen`,
    kundendatenAendern: `${b}/kundendaten-aendern`,
    logbuchUser: (id: number) => `${b}/logbuch/user/${id}`,
    logbuchUserCreate: `${b}/logbuch/user/create`,
  };
}
