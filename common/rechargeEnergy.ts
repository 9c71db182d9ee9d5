/**
 * The energy of a recharge order (DOMAIN.md "Recharge order": energy), the rule the server and the
 * console share. A recharge is money; its kWh (or m³ of water) is the amount at the meter's price
 * when the order is taken, to two decimals:
 *
 * - a single-rate table: at its one price;
 * - a time-of-use table: at its flat (平) rate — an estimate: the kWh the money really buys depends
 *   on when it is used (sharp and peak hours cost more, valley hours less);
 * - a tiered table: at its first tier's price — an estimate: the month's later tiers cost more;
 * - a water meter: at its price per m³.
 *
 * No price (no table, or a price of 0): no energy. The order lists say which basis a figure has
 * (`EnergyBasis`): the console shows the two estimates as "≈ 153.85" with what they are reckoned at.
 */

import type { Tier } from './tariffs';

/** What an order's energy was reckoned at: the one price, the flat rate (time-of-use) or the first tier (tiered). */
export type EnergyBasis = 'price' | 'flat' | 'firstTier';

/** The kind of price behind an order: a price table's kind (electric) or a water meter's price. */
export type EnergyPriceKind = 'single' | 'tou' | 'tiered' | 'water';

/** The price an order's energy is reckoned at: its kind and the price in fen per kWh or m³. */
export interface EnergyPrice {
  kind: EnergyPriceKind;
  fen: number | null;
}

/** The basis of a kind of price (any other table kind counts as a single rate). */
export const energyBasisOf = (kind: string): EnergyBasis => (kind === 'tou' ? 'flat' : kind === 'tiered' ? 'firstTier' : 'price');

/** Whether a basis is an estimate (the real kWh depends on when or how much is used). */
export const isEstimatedBasis = (basis: EnergyBasis | null | undefined) => basis === 'flat' || basis === 'firstTier';

/** The price of a table that an order's energy is reckoned at: its first tier (tiered), else its flat rate. */
export function energyPriceFen(table: { kind: string; flatFen: number; tiers?: readonly Tier[] | null }): number {
  if (table.kind === 'tiered' && table.tiers?.length) return table.tiers[0].priceFen;
  return table.flatFen;
}

/** The energy an amount buys at a price (fen per kWh or m³), two decimals; null without a price. */
export function rechargeEnergy(amountFen: number, priceFen: number | null | undefined): number | null {
  if (priceFen === null || priceFen === undefined || !(priceFen > 0)) return null;
  return Math.round((amountFen / priceFen) * 100) / 100;
}
