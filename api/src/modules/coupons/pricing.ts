/**
 * What a student pays, in paise: the price less the discount percent, rounded to the nearest
 * paisa (the product's rule: displayed price = price − discount %, two decimals).
 */
export function amountInPaise(priceRupees: number, discountPercent: number): number {
  return Math.round(priceRupees * (100 - discountPercent));
}

/**
 * The smallest amount the payment gateway charges, in paise: Stripe refuses a Checkout Session of
 * less than ₹0.50 (its minimum for INR, the only currency sold here). A price between nothing and
 * this is refused with a 4xx before the gateway is asked, in every payment mode alike.
 */
export const MIN_CHARGE_PAISE = 50;

/** Whether `paise` is something to pay that is too small to charge (zero is free, never too small). */
export const belowMinimumCharge = (paise: number) => paise > 0 && paise < MIN_CHARGE_PAISE;
