import { Flex, Typography } from 'antd';
import { useDesignToken } from '../../../components/designToken';
import { PRICE_TEXT, priceLines } from '../priceWords';
import type { PriceState } from '../subscriptionSlice';

/** The confirm dialog's price (docs/behaviour.md 4.15); it never holds up 'Add Licenses'. */
export function PurchasePrice({ price }: { price: PriceState }) {
  const token = useDesignToken();
  // Set apart from the totals above, its own lines kept together as one block.
  const block = { marginTop: token.marginSM };
  if (price.status === 'loading') {
    return (
      <Typography.Paragraph type="secondary" className="purchase-price" style={block} aria-busy>
        {PRICE_TEXT.loading}
      </Typography.Paragraph>
    );
  }
  if (price.status === 'failed') {
    return (
      <Typography.Paragraph type="secondary" className="purchase-price" style={block}>
        {PRICE_TEXT.unavailable}
      </Typography.Paragraph>
    );
  }
  if (price.preview === null) return null;
  return (
    <Flex vertical gap={token.marginXS} className="purchase-price" style={block}>
      {priceLines(price.preview).map((line) => (
        <Typography.Paragraph key={line} strong style={{ margin: 0 }}>
          {line}
        </Typography.Paragraph>
      ))}
    </Flex>
  );
}
