import type { TCountry } from '@cargodesk/shared';
import { useMemo } from 'react';
import { useSession } from './auth/session-store.ts';

/** The countries of the reference lists as select options, "Germany (DE)", and a name lookup by code. */
export const useCountryOptions = () => {
  const { referenceData } = useSession();
  return useMemo(() => {
    const countries = (referenceData?.countries ?? []) as TCountry[];
    const names = new Map(countries.map((country) => [country.code, country.name]));
    return {
      options: countries.map((country) => ({
        value: country.code,
        label: `${country.name} (${country.code})`,
      })),
      nameOf: (code: string) => names.get(code) ?? code,
    };
  }, [referenceData]);
};
