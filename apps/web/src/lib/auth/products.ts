import { useCan } from './permissions.ts';
import { useSession } from './session-store.ts';

/** The Freight product's code in the products catalogue: its company sees shipments. */
export const freightProductCode = 'freight';

/** Whether the user's company has a product (its screens and routes exist only then). */
export const useHasProduct = (code: string) => useSession().products.some((product) => product.code === code);

/** Shipments are for a company with the Freight product, and a user whose role reads them. */
export const useCanReadShipments = () => {
  const hasFreight = useHasProduct(freightProductCode);
  const canRead = useCan('shipments:read');
  return hasFreight && canRead;
};
