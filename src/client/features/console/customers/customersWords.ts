import type { CustomerRow } from '../../../../contract/customerList';

// The customers' list's words (docs/reseller-console.md, Customers).
export const CUSTOMERS_WORDS = {
  title: 'Customers',
  search: 'Search by domain',
  searchPlaceholder: 'Start of a domain, e.g. acme',
  domain: 'Domain',
  customerId: 'Customer id',
  edition: 'Edition',
  plan: 'Plan',
  seatsTotal: 'Seats',
  seatsAssigned: 'Assigned',
  renewalDate: 'Renews',
  settings: 'Portal settings',
  actions: 'Actions',
  openSettings: 'Settings',
  openSettingsOf: (domain: string) => `Settings of ${domain}`,
  previous: 'Previous page',
  next: 'Next page',
  none: 'No customer with a Google Workspace subscription matches.',
  noRenewal: '—',
  shown: (from: number, to: number, total: number) =>
    `${from.toLocaleString('en')}–${to.toLocaleString('en')} of ${total.toLocaleString('en')}`,
  listedAt: (time: string) =>
    `As Google listed them at ${time}; the list is read again each minute.`,
} as const;

/** The Reseller API's plan names as the reseller's staff say them. */
const PLAN_WORDS: Readonly<Record<string, string>> = {
  ANNUAL: 'Annual, monthly payments',
  ANNUAL_MONTHLY_PAY: 'Annual, monthly payments',
  ANNUAL_YEARLY_PAY: 'Annual, yearly payment',
  FLEXIBLE: 'Flexible',
  TRIAL: 'Trial',
};

export function planWords(planName: string): string {
  return PLAN_WORDS[planName] ?? planName;
}

/** The settings in force, each marked as the customer's own or the reseller's default. */
export function settingsWords({ settings, effective }: CustomerRow): string[] {
  const whose = (own: number | null) => (own === null ? ' (default)' : '');
  const approval =
    effective.approvalAbove === null ? 'none' : `above ${effective.approvalAbove} seats`;
  return [
    `Portal ${effective.portalEnabled ? 'on' : 'off'}`,
    `Cap ${effective.seatCap}${whose(settings.seatCap)}`,
    `Approval ${approval}${whose(settings.approvalAbove)}`,
  ];
}
