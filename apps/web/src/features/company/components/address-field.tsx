import { Input, type InputRef } from 'antd';
import { useEffect, useRef } from 'react';

type TPlace = { formatted_address?: string };
type TAutocomplete = {
  addListener: (event: 'place_changed', handler: () => void) => { remove: () => void };
  getPlace: () => TPlace;
};
type TPlacesWindow = Window & {
  google?: {
    maps?: {
      places?: {
        Autocomplete: new (input: HTMLInputElement, options: { fields: string[] }) => TAutocomplete;
      };
    };
  };
};

/**
 * The company address as plain text. When a maps key is configured and the maps script (loaded at
 * start-up, docs/product.md §4) offers Places, a search box above it fills the address from a chosen place.
 */
export const AddressField = ({
  value,
  onChange,
  disabled,
  id,
  mapKey,
}: {
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  id?: string;
  mapKey: string | undefined;
}) => {
  const searchRef = useRef<InputRef>(null);
  const places = mapKey ? (window as TPlacesWindow).google?.maps?.places : undefined;

  useEffect(() => {
    const input = searchRef.current?.input;
    if (!places || !input) return;
    const autocomplete = new places.Autocomplete(input, { fields: ['formatted_address'] });
    const listener = autocomplete.addListener('place_changed', () => {
      const address = autocomplete.getPlace().formatted_address;
      if (address) onChange?.(address);
    });
    return () => listener.remove();
  }, [places, onChange]);

  return (
    <>
      {places && !disabled && (
        <Input
          ref={searchRef}
          placeholder="Search for the address"
          aria-label="Search for the address"
          style={{ marginBottom: 8 }}
        />
      )}
      <Input.TextArea
        id={id}
        value={value}
        disabled={disabled}
        onChange={(event) => onChange?.(event.target.value)}
        autoSize={{ minRows: 3, maxRows: 6 }}
        autoComplete="street-address"
      />
    </>
  );
};
