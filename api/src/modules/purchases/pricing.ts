/**
 * What a student pays, in paise: the price less the discount percent, rounded to the nearest
 * paisa (the product's rule: displayed price = price − discount %, two decimals).
 */
export function amountInPaise(priceRupees: number, discountPercent: number): number {
  return Math.round(priceRupees * (100 - discountPercent));
}
