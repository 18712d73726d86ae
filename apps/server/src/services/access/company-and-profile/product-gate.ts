import type { Db } from '../../../db/client.ts';
import { withTenantRead } from '../../../platform/data-access/tenant-transaction.ts';
import type { TChangeFeed } from '../../../platform/events/change-feed.ts';
import { createCompanyCache } from '../../../platform/events/company-cache.ts';
import { AppError } from '../../../platform/http/errors.ts';
import { findCompanyProducts } from '../repository.ts';

export const productGateMessage = (name: string) =>
  `Your company does not have the ${name} product: ask Cargodesk to add it to your plan`;

/**
 * Whether a company has a product (`company_products`), asked before a product's routes do
 * anything: a company without it finds them not there (404), before permissions or input are
 * looked at. Kept in memory per company; a trigger on `company_products` drops it (migration 0058).
 */
export const createProductGate = ({
  db,
  changes,
}: {
  db: Db;
  changes: Pick<TChangeFeed, 'subscribe' | 'isLive'>;
}) => {
  const kept = createCompanyCache<string[]>(changes, { changeKind: 'access' });
  const findProductCodes = async (companyId: string) => {
    const lookup = kept.lookup(companyId, 'products');
    if (lookup.value) return lookup.value;
    const codes = (await withTenantRead(db, companyId, (tx) => findCompanyProducts(tx, companyId))).map(
      (product) => product.code,
    );
    lookup.keep(codes);
    return codes;
  };
  return {
    /** The codes of the company's products: a report offers a product's source only to its companies. */
    findProductCodes: (companyId: string): Promise<readonly string[]> => findProductCodes(companyId),
    /** Throws 404 unless the company has the product `code` (named `name` in the message). */
    assertCompanyHasProduct: async (companyId: string, { code, name }: { code: string; name: string }) => {
      if (!(await findProductCodes(companyId)).includes(code))
        throw new AppError('NOT_FOUND', productGateMessage(name));
    },
  };
};
