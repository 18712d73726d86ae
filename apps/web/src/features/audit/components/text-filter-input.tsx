import { Input } from 'antd';
import { useEffect, useState } from 'react';

type TTextFilterInputProps = {
  label: string;
  placeholder: string;
  value: string | undefined;
  onApply: (value: string | undefined) => void;
  width?: number;
};

/**
 * A filter typed in full (an IP address): it applies on Enter, when focus leaves the box or when
 * cleared, so the list is not asked again for every character of an address.
 */
export const TextFilterInput = ({
  label,
  placeholder,
  value,
  onApply,
  width = 160,
}: TTextFilterInputProps) => {
  const [text, setText] = useState(value ?? '');
  // Back/forward or a shared link changed the filter: the box shows it.
  useEffect(() => setText(value ?? ''), [value]);
  const apply = (next: string) => {
    const trimmed = next.trim() || undefined;
    if (trimmed !== value) onApply(trimmed);
  };
  return (
    <Input
      allowClear
      aria-label={label}
      placeholder={placeholder}
      value={text}
      style={{ width, maxWidth: '100%' }}
      onChange={(event) => {
        setText(event.target.value);
        if (event.type !== 'change') apply(event.target.value);
      }}
      onPressEnter={() => apply(text)}
      onBlur={() => apply(text)}
    />
  );
};
