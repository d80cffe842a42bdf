// Google's product and SKU table for the Reseller API (docs/configuration-google.md, "Which
// subscription"): the Workspace editions the portal may choose, and the SKUs it never chooses.

export interface Sku {
  productId: string;
  skuId: string;
  skuName: string;
}

/** Google Workspace editions (product Google-Apps), including the G Suite editions still resold. */
export const WORKSPACE_EDITION_SKUS: readonly Sku[] = [
  { productId: 'Google-Apps', skuId: '1010020027', skuName: 'Google Workspace Business Starter' },
  { productId: 'Google-Apps', skuId: '1010020028', skuName: 'Google Workspace Business Standard' },
  { productId: 'Google-Apps', skuId: '1010020025', skuName: 'Google Workspace Business Plus' },
  {
    productId: 'Google-Apps',
    skuId: '1010060003',
    skuName: 'Google Workspace Enterprise Essentials',
  },
  { productId: 'Google-Apps', skuId: '1010020029', skuName: 'Google Workspace Enterprise Starter' },
  {
    productId: 'Google-Apps',
    skuId: '1010020026',
    skuName: 'Google Workspace Enterprise Standard',
  },
  {
    productId: 'Google-Apps',
    skuId: '1010020020',
    skuName: 'Google Workspace Enterprise Plus (formerly G Suite Enterprise)',
  },
  {
    productId: 'Google-Apps',
    skuId: '1010060001',
    skuName: 'Google Workspace Essentials (formerly G Suite Essentials)',
  },
  {
    productId: 'Google-Apps',
    skuId: '1010060005',
    skuName: 'Google Workspace Enterprise Essentials Plus',
  },
  { productId: 'Google-Apps', skuId: '1010020030', skuName: 'Google Workspace Frontline Starter' },
  { productId: 'Google-Apps', skuId: '1010020031', skuName: 'Google Workspace Frontline Standard' },
  { productId: 'Google-Apps', skuId: '1010020034', skuName: 'Google Workspace Frontline Plus' },
  {
    productId: 'Google-Apps',
    skuId: '1010020035',
    skuName: 'Google Workspace Business Continuity',
  },
  {
    productId: 'Google-Apps',
    skuId: '1010020036',
    skuName: 'Google Workspace Business Continuity Plus',
  },
  { productId: 'Google-Apps', skuId: 'Google-Apps-Unlimited', skuName: 'G Suite Business' },
  { productId: 'Google-Apps', skuId: 'Google-Apps-For-Business', skuName: 'G Suite Basic' },
  { productId: 'Google-Apps', skuId: 'Google-Apps-Lite', skuName: 'G Suite Lite' },
];

/** Product 101034: licences that keep a departed user's data; never the customer's edition. */
export const ARCHIVED_USER_SKUS: readonly Sku[] = [
  {
    productId: '101034',
    skuId: '1010340001',
    skuName: 'Google Workspace Enterprise Plus - Archived User',
  },
  {
    productId: '101034',
    skuId: '1010340002',
    skuName: 'Google Workspace Business - Archived User',
  },
  {
    productId: '101034',
    skuId: '1010340003',
    skuName: 'Google Workspace Business Plus - Archived User',
  },
  {
    productId: '101034',
    skuId: '1010340004',
    skuName: 'Google Workspace Enterprise Standard - Archived User',
  },
  {
    productId: '101034',
    skuId: '1010340005',
    skuName: 'Google Workspace Business Starter - Archived User',
  },
  {
    productId: '101034',
    skuId: '1010340006',
    skuName: 'Google Workspace Business Standard - Archived User',
  },
];

/** Add-ons a Workspace customer may also hold: storage, Vault, Voice. */
export const ADD_ON_SKUS: readonly Sku[] = [
  {
    productId: 'Google-Drive-storage',
    skuId: 'Google-Drive-storage-20GB',
    skuName: 'Google Drive storage 20GB',
  },
  {
    productId: 'Google-Drive-storage',
    skuId: 'Google-Drive-storage-1TB',
    skuName: 'Google Drive storage 1TB',
  },
  { productId: 'Google-Vault', skuId: 'Google-Vault', skuName: 'Google Vault' },
  {
    productId: 'Google-Vault',
    skuId: 'Google-Vault-Former-Employee',
    skuName: 'Google Vault - Former Employee',
  },
  { productId: '101033', skuId: '1010330003', skuName: 'Google Voice Starter' },
  { productId: '101033', skuId: '1010330004', skuName: 'Google Voice Standard' },
  { productId: '101033', skuId: '1010330002', skuName: 'Google Voice Premier' },
];

/** The default allow-list: every Workspace edition above, in the table's order. */
export const DEFAULT_WORKSPACE_SKU_IDS: readonly string[] = WORKSPACE_EDITION_SKUS.map(
  (sku) => sku.skuId,
);

const ARCHIVED_USER_SKU_PREFIX = '101034';
const ARCHIVED_USER_NAME_SUFFIX = '- Archived User';

/** An Archived User licence, by id or by Google's display name (names may change, ids do not). */
export function isArchivedUserSku(skuId: string, skuName = ''): boolean {
  return (
    skuId.startsWith(ARCHIVED_USER_SKU_PREFIX) || skuName.trim().endsWith(ARCHIVED_USER_NAME_SUFFIX)
  );
}

/** Google's display name for a SKU id the tables know, else undefined. */
export function skuNameOf(skuId: string): string | undefined {
  return [...WORKSPACE_EDITION_SKUS, ...ARCHIVED_USER_SKUS, ...ADD_ON_SKUS].find(
    (sku) => sku.skuId === skuId,
  )?.skuName;
}

/** The id of a Workspace edition by the name the portal shows, else null (the notifications' skuId). */
export function workspaceSkuIdOf(skuName: string): string | null {
  return WORKSPACE_EDITION_SKUS.find((sku) => sku.skuName === skuName)?.skuId ?? null;
}
