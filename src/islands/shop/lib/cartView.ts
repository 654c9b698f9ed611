// Cart view-model helpers: line totals and the cart sum in whole cents.
export interface PricedLine { Einzelpreis: number; Menge: number; Gesamtpreis?: number }

export function lineTotal(l: PricedLine): number {
  return Math.round(Math.round(l.Einzelpreis * 100) * l.Menge) / 100;
}

export function cartSum(lines: readonly PricedLine[]): number {
  return lines.reduce((s, l) => s + Math.round(lineTotal(l) * 100), 0) / 100;
}
