/** A fixed credit package (docs/product.md#6-credits-and-payments). */
export interface CreditPackage {
  id: string;
  credits: number;
  discountPercent: number;
  popular: boolean;
}

export const CREDIT_PACKAGES: readonly CreditPackage[] = [
  { id: '1credit', credits: 1, discountPercent: 0, popular: false },
  { id: '2credits', credits: 2, discountPercent: 0, popular: false },
  { id: '3credits', credits: 3, discountPercent: 0, popular: false },
  { id: '4credits', credits: 4, discountPercent: 0, popular: false },
  { id: '10credits', credits: 10, discountPercent: 8, popular: false },
  { id: '25credits', credits: 25, discountPercent: 12, popular: true },
  { id: '48credits', credits: 48, discountPercent: 16, popular: false },
];

export const PACKAGE_IDS = CREDIT_PACKAGES.map((p) => p.id) as [string, ...string[]];

export function findPackage(id: string | null | undefined): CreditPackage | undefined {
  return CREDIT_PACKAGES.find((p) => p.id === id);
}

export const VAT_PERCENT = 20;
export const DEFAULT_PER_CREDIT_PRICE_PENCE = 6000;
