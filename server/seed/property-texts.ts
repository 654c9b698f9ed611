// Property values in the text languages (property_texts). article_properties stores the German value, the
// key a filter sends; the wording per language comes from the dictionaries the designations use (family
// options), the pack-size rule (src/lib/rules/packSize.ts) and the words below. Values that read the same
// in every language (codes such as A2 or FG, sizes, alloys, brand and device names) get no rows.
import type { Insertable } from 'kysely';
import { splitLangs, TEXT_LANGS, type TextLang } from '#data/reference/languages.ts';
import { packSize } from '#rules/packSize.ts';
import { typeset } from '#rules/typeset.ts';
import type { DB } from '../db/schema.ts';
import { FAMILIES } from './data/families.ts';
import { FAMILIES2 } from './data/families2.ts';
import { fmtNums } from './i18n.ts';

/** German value → 'en|fr|es|it|nl|pl', per property */
const WORDS: Record<string, Record<string, string>> = {
  material: {
    Alginat: 'alginate|alginate|alginato|alginato|alginaat|alginat',
    Aluminium: 'aluminium|aluminium|aluminio|alluminio|aluminium|aluminium',
    Aluminiumoxid: "aluminium oxide|oxyde d'aluminium|óxido de aluminio|ossido di alluminio|aluminiumoxide|tlenek glinu",
    Baumwolle: 'cotton|coton|algodón|cotone|katoen|bawełna',
    'DLC-beschichtet': 'DLC-coated|revêtement DLC|recubrimiento DLC|rivestimento DLC|DLC-gecoat|powłoka DLC',
    Diamant: 'diamond|diamant|diamante|diamante|diamant|diament',
    Dienstleistung: 'service|service|servicio|servizio|dienst|usługa',
    Edelstahl: 'stainless steel|acier inoxydable|acero inoxidable|acciaio inox|roestvrij staal|stal nierdzewna',
    Einbettmasse: 'investment|revêtement|revestimiento|rivestimento|inbedmassa|masa osłaniająca',
    Flüssigkeit: 'liquid|liquide|líquido|liquido|vloeistof|płyn',
    Gerät: 'device|appareil|aparato|apparecchio|apparaat|urządzenie',
    Gips: 'plaster|plâtre|yeso|gesso|gips|gips',
    Glas: 'glass|verre|vidrio|vetro|glas|szkło',
    Glaskeramik: 'glass ceramic|vitrocéramique|vitrocerámica|vetroceramica|glaskeramiek|ceramika szklana',
    Gold: 'gold|or|oro|oro|goud|złoto',
    Goldlegierung: "gold alloy|alliage d'or|aleación de oro|lega d'oro|goudlegering|stop złota",
    Gutschein: 'voucher|bon|vale|buono|tegoedbon|bon',
    Hartmetall: 'tungsten carbide|carbure de tungstène|carburo de tungsteno|carburo di tungsteno|hardmetaal|węglik spiekany',
    Karton: 'cardboard|carton|cartón|cartone|karton|karton',
    Keramik: 'ceramic|céramique|cerámica|ceramica|keramiek|ceramika',
    'Kolinsky-Rotmarder': 'Kolinsky sable|martre Kolinsky|marta Kolinsky|martora Kolinsky|Kolinsky-marter|kuna Kolinsky',
    Komposit: 'composite|composite|composite|composito|composiet|kompozyt',
    Korund: 'corundum|corindon|corindón|corindone|korund|korund',
    Kunststoff: 'plastic|plastique|plástico|plastica|kunststof|tworzywo sztuczne',
    Lack: 'varnish|vernis|barniz|vernice|lak|lakier',
    Lithiumdisilikat: 'lithium disilicate|disilicate de lithium|disilicato de litio|disilicato di litio|lithiumdisilicaat|dwukrzemian litu',
    Lösung: 'solution|solution|solución|soluzione|oplossing|roztwór',
    Messing: 'brass|laiton|latón|ottone|messing|mosiądz',
    Methacrylat: 'methacrylate|méthacrylate|metacrilato|metacrilato|methacrylaat|metakrylan',
    Mischsortiment: 'assortment|assortiment|surtido|assortimento|assortiment|zestaw mieszany',
    Nitril: 'nitrile|nitrile|nitrilo|nitrile|nitril|nitryl',
    Palladiumlegierung: 'palladium alloy|alliage de palladium|aleación de paladio|lega di palladio|palladiumlegering|stop palladu',
    Papier: 'paper|papier|papel|carta|papier|papier',
    Photopolymer: 'photopolymer|photopolymère|fotopolímero|fotopolimero|fotopolymeer|fotopolimer',
    Schulung: 'training|formation|formación|formazione|training|szkolenie',
    Silikon: 'silicone|silicone|silicona|silicone|siliconen|silikon',
    Sonstiges: 'other|autre|otros|altro|overig|inne',
    Synthetik: 'synthetic|synthétique|sintético|sintetico|synthetisch|syntetyk',
    Titan: 'titanium|titane|titanio|titanio|titanium|tytan',
    Titandioxid: 'titanium dioxide|dioxyde de titane|dióxido de titanio|biossido di titanio|titaandioxide|dwutlenek tytanu',
    Verblendkeramik: 'veneering ceramic|céramique cosmétique|cerámica de recubrimiento|ceramica da rivestimento|opbakkeramiek|ceramika licująca',
    Wachs: 'wax|cire|cera|cera|was|wosk',
    Ziegenhaar: 'goat hair|poil de chèvre|pelo de cabra|pelo di capra|geitenhaar|włosie kozie',
    Zirkonoxid: 'zirconia|zircone|circonio|zirconia|zirkoniumoxide|tlenek cyrkonu',
    diamantbeschichtet: 'diamond-coated|revêtement diamant|recubierto de diamante|rivestito di diamante|diamantgecoat|powlekane diamentem',
    diamantiert: 'diamond|diamanté|diamantado|diamantato|diamant|diamentowy',
    glasfaserverstärkt: 'glass-fibre reinforced|renforcé fibre de verre|reforzado con fibra de vidrio|rinforzato con fibra di vetro|glasvezelversterkt|wzmocniony włóknem szklanym',
  },
  zahnart: {
    Front: 'anterior|antérieures|anteriores|anteriori|front|przednie',
    Seite: 'posterior|postérieures|posteriores|posteriori|zij|boczne',
    'Front/Seite': 'anterior/posterior|antérieures/postérieures|anteriores/posteriores|anteriori/posteriori|front/zij|przednie/boczne',
  },
  kiefer: {
    OK: 'upper|sup.|sup.|sup.|boven|górna',
    UK: 'lower|inf.|inf.|inf.|onder|dolna',
    'OK/UK': 'upper/lower|sup./inf.|sup./inf.|sup./inf.|boven/onder|górna/dolna',
  },
  garnitur: {
    '6er': 'set of 6|jeu de 6|juego de 6|set da 6|set van 6|komplet 6',
    '8er': 'set of 8|jeu de 8|juego de 8|set da 8|set van 8|komplet 8',
    '28er': 'set of 28|jeu de 28|juego de 28|set da 28|set van 28|komplet 28',
  },
};

const OTHER_LANGS = TEXT_LANGS.filter((l) => l !== 'de');

/** prop|German value → wording per language, from the family options (stored as catalog.ts famDraft does) */
function optionTexts(): Map<string, Record<TextLang, string>> {
  const out = new Map<string, Record<TextLang, string>>();
  for (const f of [...FAMILIES, ...FAMILIES2]) {
    for (const a of f.attrs) {
      if (!a.prop) continue;
      for (const opt of a.opts) {
        const l7 = splitLangs(opt, TEXT_LANGS);
        out.set(`${a.prop}|${fmtNums(l7.de, 'de')}`, Object.fromEntries(TEXT_LANGS.map((l) => [l, fmtNums(l7[l], l)])) as Record<TextLang, string>);
      }
    }
  }
  return out;
}

/** A stored 'inhalt' ("2 x 1 kg", "2,5 g", German) in the catalogue's pack-size notation ("2x1 kg", "2.5 g"). */
function packNotation(value: string): string | null {
  const m = /^(?:(\d+) x )?(\d+(?:,\d+)?) (\S+)$/.exec(value);
  return m ? `${m[1] ? `${m[1]}x` : ''}${m[2]!.replace(',', '.')} ${m[3]}` : null;
}

function wording(prop: string, value: string, options: Map<string, Record<TextLang, string>>): Partial<Record<TextLang, string>> | null {
  const word = WORDS[prop]?.[value];
  if (word) return splitLangs(`${value}|${word}`, TEXT_LANGS);
  if (prop === 'inhalt') {
    const n = packNotation(value);
    return n ? Object.fromEntries(OTHER_LANGS.map((l) => [l, packSize(n, l)])) : null;
  }
  return options.get(`${prop}|${value}`) ?? null;
}

/** The property_texts rows of the catalogue's property values: one per value and language where the wording differs. */
export function propertyTexts(props: readonly { prop: string; value: string }[]): Insertable<DB['property_texts']>[] {
  const options = optionTexts();
  const seen = new Set<string>();
  const rows: Insertable<DB['property_texts']>[] = [];
  for (const { prop, value } of props) {
    const key = `${prop}|${value}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const w = wording(prop, value, options);
    if (!w) continue;
    for (const lang of OTHER_LANGS) {
      // stored typeset like every catalogue text; a value reading the same needs no row (labels typeset it)
      const text = w[lang] && typeset(w[lang], lang);
      if (text && text !== typeset(value, lang)) rows.push({ prop, value, lang, text });
    }
  }
  return rows;
}
