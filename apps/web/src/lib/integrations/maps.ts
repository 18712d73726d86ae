import { injectScript, isProductionHost, onIntegrationRemoval } from './script-loader.ts';

type TPlace = { formatted_address?: string };
export type TAutocomplete = {
  addListener: (event: 'place_changed', handler: () => void) => { remove: () => void };
  getPlace: () => TPlace;
};
/** The part of the Places library the company address field uses. */
export type TPlacesLibrary = {
  Autocomplete: new (input: HTMLInputElement, options: { fields: string[] }) => TAutocomplete;
};

type TMapsWindow = Window & {
  google?: { maps?: { places?: TPlacesLibrary } };
  cargodeskMapsReady?: () => void;
};

// The maps script calls this global once the library and its places part are ready: the script's
// load event comes before that.
const readyCallback = 'cargodeskMapsReady';

let places: TPlacesLibrary | undefined;
const listeners = new Set<() => void>();

const setPlaces = (value: TPlacesLibrary | undefined) => {
  places = value;
  for (const listener of listeners) listener();
};

/** docs/product.md §4 step 5: the maps script with the places library, in English. Production host only. */
export const loadMapsScript = (googleMapKey: string | undefined) => {
  if (!googleMapKey || !isProductionHost()) return;
  const mapsWindow = window as TMapsWindow;
  mapsWindow[readyCallback] = () => setPlaces(mapsWindow.google?.maps?.places);
  const query = new URLSearchParams({
    key: googleMapKey,
    libraries: 'places',
    language: 'en',
    callback: readyCallback,
  });
  onIntegrationRemoval('google-maps', () => {
    delete mapsWindow.google;
    delete mapsWindow[readyCallback];
    // The suggestion lists the library appends to the body.
    for (const list of document.querySelectorAll('.pac-container')) list.remove();
    setPlaces(undefined);
  });
  void injectScript({
    id: 'google-maps',
    src: `https://maps.googleapis.com/maps/api/js?${query}`,
  }).catch(() => undefined);
};

/** For useSyncExternalStore: tells when the Places library arrives (or goes, at logout). */
export const subscribeToMapsPlaces = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The Places library once the maps script is ready; undefined elsewhere than the production host. */
export const getMapsPlaces = () => places;
