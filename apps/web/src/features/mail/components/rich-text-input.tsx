import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  UnderlineOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import { Button, Space } from 'antd';
import { type ReactNode, useEffect, useRef } from 'react';

const commands: { command: string; label: string; icon: ReactNode }[] = [
  { command: 'bold', label: 'Bold', icon: <BoldOutlined /> },
  { command: 'italic', label: 'Italic', icon: <ItalicOutlined /> },
  { command: 'underline', label: 'Underline', icon: <UnderlineOutlined /> },
  { command: 'insertUnorderedList', label: 'Bulleted list', icon: <UnorderedListOutlined /> },
  { command: 'insertOrderedList', label: 'Numbered list', icon: <OrderedListOutlined /> },
];

/**
 * A small rich-text field for the mail body: bold, italic, underline and lists. Its value is HTML;
 * the server keeps only harmless formatting (and links) of whatever it is sent.
 */
export const RichTextInput = ({
  id,
  value,
  onChange,
  label,
}: {
  id?: string;
  value?: string;
  onChange?: (html: string) => void;
  label: string;
}) => {
  const editor = useRef<HTMLDivElement>(null);

  // Uncontrolled while typing; written only when the form sets another value (a reset).
  useEffect(() => {
    const element = editor.current;
    if (element && element.innerHTML !== (value ?? '')) element.innerHTML = value ?? '';
  }, [value]);

  const apply = (command: string) => {
    editor.current?.focus();
    // execCommand is deprecated but remains the only built-in way to format a selection.
    document.execCommand(command);
    onChange?.(editor.current?.innerHTML ?? '');
  };

  return (
    <div className="mail-editor" style={{ border: '1px solid #d9d9d9', borderRadius: 6 }}>
      <Space size={2} style={{ padding: 4, borderBottom: '1px solid #f0f0f0', width: '100%' }}>
        {commands.map(({ command, label: commandLabel, icon }) => (
          <Button
            key={command}
            type="text"
            size="small"
            icon={icon}
            aria-label={commandLabel}
            title={commandLabel}
            // Keeps the selection in the editor.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => apply(command)}
          />
        ))}
      </Space>
      {/* biome-ignore lint/a11y/useSemanticElements: a textarea cannot hold formatted text; contentEditable with the textbox role is the accessible pattern for rich text. */}
      <div
        id={id}
        ref={editor}
        role="textbox"
        aria-multiline="true"
        aria-label={label}
        tabIndex={0}
        contentEditable
        suppressContentEditableWarning
        onInput={(event) => onChange?.(event.currentTarget.innerHTML)}
        style={{ minHeight: 140, maxHeight: 320, overflowY: 'auto', padding: '8px 11px', outline: 'none' }}
      />
    </div>
  );
};
