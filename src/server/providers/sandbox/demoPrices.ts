import prices from './prices.json';

// The sandbox's demo prices (README, Configuration: PRICE_FILE): imported, so the server build ships
// them inside dist/ and `npm start` and a release show prices with no set-up.

/** Checked like any price file where it is used (prices/priceList.ts). */
export const SANDBOX_PRICES: unknown = prices;
