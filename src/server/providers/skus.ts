// Google's product and SKU table for the Reseller API (docs/configuration-google.md, "Which
// subscription"): the Workspace editions the portal may choose, and the SKUs it never chooses.

export interface Sku {
  productId: string;
  skuId: string;
  skuName: string;
}

/** A product's SKUs, each as Google's id and display name. */
function skusOf(productId: string, skus: readonly (readonly [string, string])[]): Sku[] {
  return skus.map(([skuId, skuName]) => ({ productId, skuId, skuName }));
}

/** Google Workspace editions (product Google-Apps), including the G Suite editions still resold. */
export const WORKSPACE_EDITION_SKUS: readonly Sku[] = skusOf('Google-Apps', [
  ['1010020027', 'Google Workspace Business Starter'],
  ['1010020028', 'Google Workspace Business Standard'],
  ['1010020025', 'Google Workspace Business Plus'],
  ['1010060003', 'Google Workspace Enterprise Essentials'],
  ['1010020029', 'Google Workspace Enterprise Starter'],
  ['1010020026', 'Google Workspace Enterprise Standard'],
  ['1010020020', 'Google Workspace Enterprise Plus (formerly G Suite Enterprise)'],
  ['1010060001', 'Google Workspace Essentials (formerly G Suite Essentials)'],
  ['1010060005', 'Google Workspace Enterprise Essentials Plus'],
  ['1010020030', 'Google Workspace Frontline Starter'],
  ['1010020031', 'Google Workspace Frontline Standard'],
  ['1010020034', 'Google Workspace Frontline Plus'],
  ['1010020035', 'Google Workspace Business Continuity'],
  ['1010020036', 'Google Workspace Business Continuity Plus'],
  ['Google-Apps-Unlimited', 'G Suite Business'],
  ['Google-Apps-For-Business', 'G Suite Basic'],
  ['Google-Apps-Lite', 'G Suite Lite'],
]);

/** Product 101034: licences that keep a departed user's data; never the customer's edition. */
export const ARCHIVED_USER_SKUS: readonly Sku[] = skusOf('101034', [
  ['1010340001', 'Google Workspace Enterprise Plus - Archived User'],
  ['1010340002', 'Google Workspace Business - Archived User'],
  ['1010340003', 'Google Workspace Business Plus - Archived User'],
  ['1010340004', 'Google Workspace Enterprise Standard - Archived User'],
  ['1010340005', 'Google Workspace Business Starter - Archived User'],
  ['1010340006', 'Google Workspace Business Standard - Archived User'],
]);

/** Add-ons a Workspace customer may also hold: storage, Vault, Voice. */
export const ADD_ON_SKUS: readonly Sku[] = [
  ...skusOf('Google-Drive-storage', [
    ['Google-Drive-storage-20GB', 'Google Drive storage 20GB'],
    ['Google-Drive-storage-1TB', 'Google Drive storage 1TB'],
  ]),
  ...skusOf('Google-Vault', [
    ['Google-Vault', 'Google Vault'],
    ['Google-Vault-Former-Employee', 'Google Vault - Former Employee'],
  ]),
  ...skusOf('101033', [
    ['1010330003', 'Google Voice Starter'],
    ['1010330004', 'Google Voice Standard'],
    ['1010330002', 'Google Voice Premier'],
  ]),
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
