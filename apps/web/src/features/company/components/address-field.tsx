import { Input, type InputRef } from 'antd';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { getMapsPlaces, subscribeToMapsPlaces } from '@/lib/integrations/maps.ts';

/**
 * The company address as plain text. On the production host, once the maps script (loaded at
 * start-up with the places library, docs/product.md §4) is ready, a search box above it fills the
 * address from a chosen place; everywhere else the field stays a plain text area.
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
  const loadedPlaces = useSyncExternalStore(subscribeToMapsPlaces, getMapsPlaces);
  const places = mapKey ? loadedPlaces : undefined;
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;

  useEffect(() => {
    const input = searchRef.current?.input;
    if (!places || !input) return;
    const autocomplete = new places.Autocomplete(input, { fields: ['formatted_address'] });
    const listener = autocomplete.addListener('place_changed', () => {
      const address = autocomplete.getPlace().formatted_address;
      if (address) onChangeRef.current?.(address);
    });
    return () => listener.remove();
  }, [places]);

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
