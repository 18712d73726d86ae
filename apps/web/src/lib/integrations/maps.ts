import { injectScript } from './script-loader.ts';

/** docs/product.md §4 step 5: the maps script with the places library, in English. Production host only. */
export const loadMapsScript = (googleMapKey: string | undefined) => {
  if (!googleMapKey) return;
  const query = new URLSearchParams({ key: googleMapKey, libraries: 'places', language: 'en' });
  injectScript({ id: 'google-maps', src: `https://maps.googleapis.com/maps/api/js?${query}` });
};
