import { Typography } from 'antd';
import { PRICE_TEXT, priceLines } from '../priceWords';
import type { PriceState } from '../subscriptionSlice';

/** The confirm dialog's price (docs/behaviour.md 4.15); it never holds up 'Add Licenses'. */
export function PurchasePrice({ price }: { price: PriceState }) {
  if (price.status === 'loading') {
    return (
      <Typography.Paragraph type="secondary" className="purchase-price" aria-busy>
        {PRICE_TEXT.loading}
      </Typography.Paragraph>
    );
  }
  if (price.status === 'failed') {
    return (
      <Typography.Paragraph type="secondary" className="purchase-price">
        {PRICE_TEXT.unavailable}
      </Typography.Paragraph>
    );
  }
  if (price.preview === null) return null;
  return (
    <div className="purchase-price">
      {priceLines(price.preview).map((line) => (
        <Typography.Paragraph key={line} strong>
          {line}
        </Typography.Paragraph>
      ))}
    </div>
  );
}
