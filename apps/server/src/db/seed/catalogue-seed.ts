// Types of the committed catalogue seeds (data/*.json, built by build-catalogues.ts).

export type TSeaPortSeed = {
  /** UN/LOCODE: country code and three letters or digits. */
  code: string;
  name: string;
  city: string;
  countryCode: string;
  latitude: number;
  longitude: number;
  timezone: string | null;
};

export type TAirportSeed = {
  /** OurAirports' ident: the ICAO code where there is one. */
  ident: string;
  iataCode: string | null;
  icaoCode: string | null;
  name: string;
  city: string;
  countryCode: string;
  region: string;
  latitude: number;
  longitude: number;
  elevationFt: number | null;
  type: 'large' | 'medium';
  scheduledService: boolean;
  /** The IANA time zone at its coordinates. */
  timezone: string;
};
