// Catalogue term dictionaries: product families per category with their names in the text languages
// (de|en|fr|es|it|nl|pl; a string without '|' is the same in every language, {2.3} is a number in the
// language's notation). The catalogue generator composes designations from them:
// [line] base attr1 attr2 … [pack size].

export interface AttrDef {
  /** article_properties key the option is stored under (value = German text); none: name only */
  prop?: string;
  opts: string[];
  /** stored as property only, not part of the designation */
  hidden?: boolean;
}
export interface Family {
  cat: string;
  /** 'maker' or 'maker:Product line' entries, separated by ';' */
  lines: string;
  base: string;
  attrs: AttrDef[];
  geb: string[];
  /** pack size is part of the designation */
  gebInName?: boolean;
  price: [number, number];
  material?: string;
  /** request-price candidates (large equipment) */
  request?: boolean;
}

export const A = (prop: string | undefined, opts: string[], hidden = false): AttrDef => ({ prop, opts, hidden });
/** numeric options: fmt contains '#', replaced by each number as a {n} placeholder */
export const N = (prop: string | undefined, fmt: string, nums: number[], hidden = false): AttrDef => {
  // a list with fractions writes whole numbers with one decimal too: Ø 1,8 / Ø 4,0 mm
  const frac = nums.some((n) => !Number.isInteger(n));
  const num = (n: number) => (frac && Number.isInteger(n) ? n.toFixed(1) : String(n));
  return { prop, opts: nums.map((n) => fmt.replace(/#/g, `{${num(n)}}`)), hidden };
};

export const VITA_COLOURS = ['A1', 'A2', 'A3', 'A3.5', 'A4', 'B1', 'B2', 'B3', 'B4', 'C1', 'C2', 'C3', 'C4', 'D2', 'D3', 'D4'];
const COL = A('farbe', VITA_COLOURS);

export const W = {
  fuerKeramik: 'für Keramik|for ceramics|pour céramique|para cerámica|per ceramica|voor keramiek|do ceramiki',
  fuerZirkon: 'für Zirkonoxid|for zirconia|pour zircone|para zirconio|per zirconia|voor zirkonia|do cyrkonu',
  fuerNem: 'für NEM|for non-precious alloys|pour non précieux|para metales no preciosos|per leghe non preziose|voor niet-edelmetaal|do stopów nieszlachetnych',
  fuerKunststoff: 'für Kunststoff|for acrylic|pour résine|para resina|per resina|voor kunststof|do tworzyw',
  fuerEdel: 'für Edelmetall|for precious metal|pour métal précieux|para metal precioso|per metallo prezioso|voor edelmetaal|do metali szlachetnych',
  grob: 'grob|coarse|grosse|grueso|grossa|grof|gruba',
  mittel: 'mittel|medium|moyenne|media|media|medium|średnia',
  fein: 'fein|fine|fine|fino|fine|fijn|drobna',
  extrafein: 'extrafein|extra fine|extra-fine|extrafino|extrafine|extra fijn|bardzo drobna',
  weiss: 'weiß|white|blanc|blanco|bianco|wit|biały',
  blau: 'blau|blue|bleu|azul|blu|blauw|niebieski',
  gruen: 'grün|green|vert|verde|verde|groen|zielony',
  grau: 'grau|grey|gris|gris|grigio|grijs|szary',
  rot: 'rot|red|rouge|rojo|rosso|rood|czerwony',
  gelb: 'pastellgelb|pastel yellow|jaune pastel|amarillo pastel|giallo pastello|pastelgeel|pastelowy żółty',
  goldbraun: 'goldbraun|golden brown|brun doré|marrón dorado|marrone dorato|goudbruin|złotobrązowy',
  elfenbein: 'elfenbein|ivory|ivoire|marfil|avorio|ivoor|kość słoniowa',
  beige: 'beige|beige|beige|beige|beige|beige|beżowy',
  rosa: 'rosa|pink|rose|rosa|rosa|roze|różowy',
  rosaGeadert: 'rosa geädert|pink veined|rose veiné|rosa veteado|rosa venato|roze geaderd|różowy żyłkowany',
  klar: 'klar|clear|incolore|transparente|trasparente|helder|bezbarwny',
  ok: 'OK|upper|sup.|sup.|sup.|boven|górny',
  uk: 'UK|lower|inf.|inf.|inf.|onder|dolny',
  form: 'Form|mould|forme|forma|forma|vorm|forma',
  fuer: 'für|for|pour|para|per|voor|do',
};

const KOERNUNG = A('koernung', [W.grob, W.mittel, W.fein, W.extrafein]);
const SCHAFT_HP = A('schaft', ['HP'], true);
const DIA_BUR = N('durchmesser', 'Ø # mm', [0.8, 1.0, 1.2, 1.4, 1.6, 1.8, 2.1, 2.3, 2.5, 2.9, 3.1, 3.5, 4.0, 5.0, 6.0]);
const FIG = N(undefined, 'Fig. #', [1, 2, 21, 23, 31, 72, 73, 78, 79, 129, 137, 138, 139, 141, 194, 195, 251, 257, 261, 274, 277, 289, 294, 295, 379, 390, 801, 806, 863, 877]);
const BUR_FORM = A(undefined, [
  'Kugel|round|boule|bola|pallina|bol|kulka', 'Zylinder|cylinder|cylindre|cilindro|cilindro|cilinder|walec',
  'Flamme|flame|flamme|llama|fiamma|vlam|płomyk', 'Kegel|cone|cône|cono|cono|kegel|stożek',
  'Rad|wheel|roue|rueda|ruota|wiel|kółko', 'Birne|pear|poire|pera|pera|peer|gruszka', 'Knospe|bud|bourgeon|capullo|bocciolo|knop|pąk',
  'Linse|lens|lentille|lente|lente|lens|soczewka', 'Torpedo|torpedo|torpille|torpedo|torpedine|torpedo|torpeda',
  'Walze|barrel|tonneau|barril|botte|wals|beczka', 'Spitzkegel|pointed cone|cône pointu|cono puntiagudo|cono appuntito|spitse kegel|stożek ostry',
  'Zylinder rund|round-end cylinder|cylindre bout rond|cilindro punta redonda|cilindro a punta arrotondata|cilinder rond|walec zaokrąglony']);
const MASSE = A(undefined, [
  'Dentin|dentine|dentine|dentina|dentina|dentine|dentyna', 'Schneide|enamel|émail|esmalte|smalto|glazuur|szkliwo',
  'Opaker|opaquer|opaque|opaquer|opaco|opaker|opaker', 'Schultermasse|shoulder material|masse épaulement|masa de hombro|massa spalla|schoudermassa|masa do stopni',
  'Transpa|transpa|transpa|transpa|transpa|transpa|transpa', 'Effekt-Schneide|effect enamel|émail effet|esmalte de efecto|smalto effetto|effectglazuur|szkliwo efektowe',
  'Opal-Schneide|opal enamel|émail opalescent|esmalte opalescente|smalto opalescente|opaalglazuur|szkliwo opalowe', 'Mamelon|mamelon|mamelon|mamelón|mammellone|mamelon|mamelon',
  'Chroma-Dentin|chroma dentine|dentine chroma|dentina croma|dentina croma|chromadentine|dentyna chroma', 'Zervikal|cervical|cervical|cervical|cervicale|cervicaal|szyjkowa']);
const SCHAFT_VIS = A('schaft', ['HP', 'FG', 'RA']);
const PLASTER_COL = A('farbe', [W.goldbraun, W.elfenbein, W.gelb, W.grau, W.weiss, W.blau]);
const HEIGHT = N(undefined, 'H # mm', [10, 12, 14, 16, 18, 20, 22, 25, 30]);
const TRANSL = A(undefined, ['LT', 'HT', 'MT', 'MO', 'HO']);

/** Use sentences per product group for the article descriptions. */
export const GROUP_USE: Record<number, string> = {
  1: 'Naturgetreue Form und Farbe für ästhetische Prothetik.|Lifelike shape and shade for aesthetic prosthetics.|Forme et teinte naturelles pour une prothèse esthétique.|Forma y color naturales para una prótesis estética.|Forma e colore naturali per protesi estetiche.|Natuurgetrouwe vorm en kleur voor esthetische prothetiek.|Naturalny kształt i kolor dla estetycznej protetyki.',
  2: 'Zuverlässige Guss- und Aufbrenneigenschaften im Laboralltag.|Reliable casting and bonding properties in everyday lab work.|Propriétés de coulée et de cuisson fiables au quotidien.|Propiedades de colado y cocción fiables en el día a día.|Proprietà di fusione e cottura affidabili nel lavoro quotidiano.|Betrouwbare giet- en opbakeigenschappen in het dagelijkse labwerk.|Niezawodne właściwości odlewnicze i napalania w codziennej pracy.',
  3: 'Für brillante, farbstabile Restaurationen.|For brilliant, shade-stable restorations.|Pour des restaurations brillantes à teinte stable.|Para restauraciones brillantes de color estable.|Per restauri brillanti e stabili nel colore.|Voor briljante, kleurstabiele restauraties.|Do błyszczących uzupełnień o stabilnym kolorze.',
  4: 'Präzise Expansion und glatte Oberflächen für passgenaue Modelle.|Precise expansion and smooth surfaces for accurate models.|Expansion précise et surfaces lisses pour des modèles exacts.|Expansión precisa y superficies lisas para modelos exactos.|Espansione precisa e superfici lisce per modelli accurati.|Nauwkeurige expansie en gladde oppervlakken voor passende modellen.|Precyzyjna ekspansja i gładkie powierzchnie dla dokładnych modeli.',
  5: 'Bewährt in der Total- und Teilprothetik.|Proven in complete and partial dentures.|Éprouvé en prothèse complète et partielle.|Probado en prótesis completas y parciales.|Collaudato nella protesi totale e parziale.|Beproefd in volledige en partiële prothetiek.|Sprawdzony w protetyce całkowitej i częściowej.',
  6: 'Hohe Abtragsleistung bei ruhigem Lauf und langer Standzeit.|High cutting efficiency with smooth running and long service life.|Grande efficacité de coupe, rotation silencieuse et longue durée de vie.|Alta capacidad de corte, funcionamiento suave y larga vida útil.|Elevata asportazione, funzionamento silenzioso e lunga durata.|Hoge afname bij rustige loop en lange standtijd.|Wysoka wydajność skrawania, cicha praca i długa żywotność.',
  7: 'Robuste Laborausstattung mit einfacher Bedienung und Service.|Robust lab equipment with easy operation and service.|Équipement de laboratoire robuste, simple d’utilisation, avec service.|Equipo de laboratorio robusto, de fácil manejo y con servicio.|Attrezzatura da laboratorio robusta, facile da usare, con assistenza.|Robuuste labuitrusting met eenvoudige bediening en service.|Solidne wyposażenie laboratorium z prostą obsługą i serwisem.',
  8: 'Originalersatzteil für eine lange Lebensdauer Ihrer Geräte.|Original spare part for a long life of your equipment.|Pièce d’origine pour une longue durée de vie de vos appareils.|Repuesto original para una larga vida de sus equipos.|Ricambio originale per una lunga durata delle apparecchiature.|Origineel onderdeel voor een lange levensduur van uw apparatuur.|Oryginalna część zamienna dla długiej żywotności urządzeń.',
  9: 'Interne Position für Abrechnung und Service.|Internal item for invoicing and service.|Poste interne pour facturation et service.|Posición interna para facturación y servicio.|Voce interna per fatturazione e assistenza.|Interne positie voor facturering en service.|Pozycja wewnętrzna do rozliczeń i serwisu.',
  10: 'Für den digitalen Workflow von der Konstruktion bis zur Fertigung.|For the digital workflow from design to production.|Pour le flux numérique de la conception à la fabrication.|Para el flujo digital del diseño a la fabricación.|Per il flusso digitale dalla progettazione alla produzione.|Voor de digitale workflow van ontwerp tot productie.|Do cyfrowego procesu od projektu do produkcji.',
  11: 'Exakte Wiedergabe für die Modellherstellung.|Exact reproduction for model making.|Reproduction exacte pour la réalisation des modèles.|Reproducción exacta para la fabricación de modelos.|Riproduzione esatta per la realizzazione dei modelli.|Exacte weergave voor de modelvervaardiging.|Dokładne odwzorowanie do wykonywania modeli.',
  12: 'Praktischer Verbrauchsartikel für den täglichen Laborbedarf.|Practical consumable for daily lab needs.|Consommable pratique pour les besoins quotidiens du laboratoire.|Consumible práctico para el día a día del laboratorio.|Materiale di consumo pratico per il laboratorio.|Praktisch verbruiksartikel voor de dagelijkse labbehoefte.|Praktyczny materiał eksploatacyjny na co dzień.',
  0: 'Nützliches für Labor und Praxisteam.|Useful items for the lab and team.|Articles utiles pour le laboratoire et l’équipe.|Artículos útiles para el laboratorio y el equipo.|Articoli utili per laboratorio e team.|Nuttige artikelen voor lab en team.|Przydatne artykuły dla laboratorium i zespołu.',
  888: 'Restposten zum Sonderpreis, solange der Vorrat reicht.|Clearance item at a special price while stocks last.|Fin de série à prix spécial, dans la limite des stocks.|Artículo de liquidación a precio especial hasta agotar existencias.|Rimanenza a prezzo speciale fino a esaurimento scorte.|Restpartij tegen speciale prijs, zolang de voorraad strekt.|Końcówka serii w specjalnej cenie do wyczerpania zapasów.',
};

/** First description sentence per language; {b} = base term, {m} = manufacturer. */
export const INTRO: Record<string, string[]> = {
  de: ['{b} von {m} in bewährter Herstellerqualität.', 'Hochwertiges Produkt von {m} für das Dentallabor.', '{b} aus dem Sortiment von {m}.'],
  en: ['{b} by {m} in proven manufacturer quality.', 'High-quality product by {m} for the dental laboratory.', '{b} from the {m} range.'],
  fr: ['{b} de {m}, qualité fabricant éprouvée.', 'Produit de qualité de {m} pour le laboratoire dentaire.', '{b} de la gamme {m}.'],
  es: ['{b} de {m} con la calidad probada del fabricante.', 'Producto de alta calidad de {m} para el laboratorio dental.', '{b} de la gama de {m}.'],
  it: ['{b} di {m} nella collaudata qualità del produttore.', 'Prodotto di alta qualità di {m} per il laboratorio odontotecnico.', '{b} dalla gamma {m}.'],
  nl: ['{b} van {m} in beproefde fabriekskwaliteit.', 'Hoogwaardig product van {m} voor het tandtechnisch lab.', '{b} uit het assortiment van {m}.'],
  pl: ['{b} firmy {m} w sprawdzonej jakości producenta.', 'Wysokiej jakości produkt firmy {m} dla laboratorium dentystycznego.', '{b} z oferty {m}.'],
};

export { COL, KOERNUNG, SCHAFT_VIS, SCHAFT_HP, DIA_BUR, FIG, BUR_FORM, MASSE, PLASTER_COL, HEIGHT, TRANSL };
