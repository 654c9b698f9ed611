// Answer schemas of the priced summary (server/lib/money.ts), shared by the checkout and order calls.
import { z } from 'zod';

export const SummarySchema = z.object({
  currency: z.string(),
  lines: z.array(z.object({
    artnr: z.string(), bezeichnung: z.string(), menge: z.number(), unit: z.number(), net: z.number(),
    promotion: z.number().describe('promotion discount on this line (also in discounts)'), vatPercent: z.number(), gift: z.boolean(),
  })),
  subtotal: z.number().describe('Σ line net'),
  discounts: z.array(z.object({
    kind: z.enum(['promotion', 'percent', 'instant']), label: z.string().describe('promotion name or benefit code'),
    percent: z.number().nullable(), amount: z.number().describe('positive; taken off'),
  })),
  shipping: z.object({ method: z.string(), amount: z.number() }),
  net: z.number().describe('subtotal − discounts + shipping'),
  vat: z.array(z.object({ percent: z.number(), base: z.number(), amount: z.number() })),
  reverseCharge: z.boolean(),
  vatTotal: z.number(),
  gross: z.number().describe('net + vatTotal'),
}).describe('lines, each discount once, shipping, net, VAT per rate and gross; the parts add up exactly (integer cents)');

export const TotalsSchema = z.object({
  net: z.number().describe('goods before discounts'), discount: z.number(), shipping: z.number(), total: z.number().describe('net total'),
  vat: z.number(), gross: z.number(), currency: z.string(),
});

/** The priced summary as clients read it (summary box of cart, checkout, submit and order details). */
export type MoneySummary = z.infer<typeof SummarySchema>;
