// The two brands' identities (firma 1 the default brand, firma 3 isLS): what documents print in their
// letterhead and what mails are sent from and signed with.
import { config } from '../config.ts';

export interface CompanyLetterhead {
  firma: number; name: string; strasse: string; plz: string; ort: string; land: string;
  telefon: string; fax: string; email: string; web: string;
  geschaeftsfuehrer: string; register: string; ustId: string;
}

// Same data as src/content/data/firmendaten.json (the legal identity printed on documents).
const COMPANIES: Record<number, CompanyLetterhead> = {
  1: {
    firma: 1, name: 'Dentalversand Nord GmbH', strasse: 'Billstraße 112', plz: '20539', ort: 'Hamburg', land: 'DE',
    telefon: '+49 40 555 812-0', fax: '+49 40 555 812-99', email: 'info@dentalversand-nord.example',
    web: 'www.dentalversand-nord.example', geschaeftsfuehrer: 'Dr. Katrin Albers, Jens Petersen',
    register: 'Amtsgericht Hamburg, HRB 148372', ustId: 'DE298475113',
  },
  3: {
    firma: 3, name: 'LS Dental Logistik GmbH', strasse: 'Konsul-Smidt-Straße 20', plz: '28217', ort: 'Bremen', land: 'DE',
    telefon: '+49 421 555 470-0', fax: '+49 421 555 470-99', email: 'service@ls-dental-logistik.example',
    web: 'www.ls-dental-logistik.example', geschaeftsfuehrer: 'Sabine Lorenz, Thomas Schröder',
    register: 'Amtsgericht Bremen, HRB 34917 HB', ustId: 'DE317604582',
  },
};

/** The letterhead of a company; unknown firma → the default brand (1). */
export function companyLetterhead(firma: number): CompanyLetterhead {
  return COMPANIES[firma] ?? COMPANIES[1]!;
}

/** Who a mail of the company comes from: MAIL_FROM_<firma>, for the default brand MAIL_FROM, else the company's own address. */
export function mailSender(firma: number): string {
  const c = companyLetterhead(firma);
  const own = process.env[`MAIL_FROM_${c.firma}`];
  if (own) return own;
  if (c.firma === 1 && config.mailFrom) return config.mailFrom;
  return `"${c.name}" <${c.email}>`;
}
