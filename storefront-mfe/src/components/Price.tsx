import { discountedPrice, formatPrice } from '@courseport/shared-ui';

/** 'Rs 449.10' for a price and a discount percentage. */
export const rupees = (value: number) => `Rs ${formatPrice(value)}`;

/** The price after the discount, with the original price struck through when there is a discount. */
export function Price({ price, discount, className }: { price: number; discount: number; className?: string }) {
  return (
    <span className={className ? `sf-price ${className}` : 'sf-price'}>
      <span className="sf-price-current">{rupees(discountedPrice(price, discount))}</span>
      {discount > 0 && (
        <s className="sf-price-original">
          <span className="cp-visually-hidden">Original price </span>
          {rupees(price)}
        </s>
      )}
    </span>
  );
}
