/** The Freight product, as the products catalogue names it (migration 0003). */
export const freightProduct = { code: 'freight', name: 'Freight' } as const;
