/** The Freight product's code (migration 0003), as freight/routes.ts names it for the gate. */
export const freightProductCode = 'freight';
