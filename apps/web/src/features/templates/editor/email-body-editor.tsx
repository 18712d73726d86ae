import {
  BoldOutlined,
  ItalicOutlined,
  OrderedListOutlined,
  RedoOutlined,
  UnderlineOutlined,
  UndoOutlined,
  UnorderedListOutlined,
} from '@ant-design/icons';
import type { TTemplatePurpose } from '@cargodesk/shared';
import { type Editor, EditorContent, useEditor, useEditorState } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { Button, Space, Tooltip } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { VariableChip, withVariableChips } from './variable-chip.ts';
import { VariablePicker } from './variable-picker.tsx';

type TFormat = {
  label: string;
  icon: ReactNode;
  isActive: (editor: Editor) => boolean;
  apply: (editor: Editor) => void;
};

const formats: TFormat[] = [
  {
    label: 'Bold',
    icon: <BoldOutlined />,
    isActive: (editor) => editor.isActive('bold'),
    apply: (editor) => editor.chain().focus().toggleBold().run(),
  },
  {
    label: 'Italic',
    icon: <ItalicOutlined />,
    isActive: (editor) => editor.isActive('italic'),
    apply: (editor) => editor.chain().focus().toggleItalic().run(),
  },
  {
    label: 'Underline',
    icon: <UnderlineOutlined />,
    isActive: (editor) => editor.isActive('underline'),
    apply: (editor) => editor.chain().focus().toggleUnderline().run(),
  },
  {
    label: 'Bulleted list',
    icon: <UnorderedListOutlined />,
    isActive: (editor) => editor.isActive('bulletList'),
    apply: (editor) => editor.chain().focus().toggleBulletList().run(),
  },
  {
    label: 'Numbered list',
    icon: <OrderedListOutlined />,
    isActive: (editor) => editor.isActive('orderedList'),
    apply: (editor) => editor.chain().focus().toggleOrderedList().run(),
  },
];

/**
 * An email body written as formatted text: paragraphs, bold, italic, underline, lists and links,
 * with the purpose's variables as chips. Its value is the body in the template language (HTML with
 * `{{ … }}`); it is read once when the editor opens, and every change is handed to `onChange`.
 */
export const EmailBodyEditor = ({
  initialBody,
  purpose,
  onChange,
  onOpened,
  isReadOnly,
}: {
  initialBody: string;
  purpose: TTemplatePurpose;
  onChange: (body: string) => void;
  /**
   * Hears the body as the editor writes it once opened (chips marked, markup tidied), which is
   * what a save stores: the text is not "changed" by being opened.
   */
  onOpened?: (body: string) => void;
  isReadOnly?: boolean;
}) => {
  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        codeBlock: false,
        code: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, protocols: ['mailto'] },
      }),
      VariableChip,
    ],
    content: withVariableChips(initialBody),
    editable: !isReadOnly,
    editorProps: {
      attributes: {
        'aria-label': 'Body',
        'aria-multiline': 'true',
        role: 'textbox',
        class: 'template-email-editor__text',
      },
    },
    onCreate: ({ editor: created }) => onOpened?.(created.getHTML()),
    onUpdate: ({ editor: updated }) => onChange(updated.getHTML()),
  });
  useEffect(() => {
    // Without an update event: becoming read-only changes no text.
    editor.setEditable(!isReadOnly, false);
  }, [editor, isReadOnly]);

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      formats: formats.map((format) => format.isActive(current)),
      canUndo: current.can().undo(),
      canRedo: current.can().redo(),
    }),
  });

  return (
    <div className="template-email-editor">
      {!isReadOnly && (
        <Space
          size={2}
          wrap
          className="template-email-editor__toolbar"
          role="toolbar"
          aria-label="Formatting"
        >
          {formats.map((format, index) => (
            <Tooltip key={format.label} title={format.label}>
              <Button
                type={active.formats[index] ? 'primary' : 'text'}
                ghost={active.formats[index]}
                size="small"
                icon={format.icon}
                aria-label={format.label}
                aria-pressed={active.formats[index]}
                onClick={() => format.apply(editor)}
              />
            </Tooltip>
          ))}
          <Tooltip title="Undo">
            <Button
              type="text"
              size="small"
              icon={<UndoOutlined />}
              aria-label="Undo"
              disabled={!active.canUndo}
              onClick={() => editor.chain().focus().undo().run()}
            />
          </Tooltip>
          <Tooltip title="Redo">
            <Button
              type="text"
              size="small"
              icon={<RedoOutlined />}
              aria-label="Redo"
              disabled={!active.canRedo}
              onClick={() => editor.chain().focus().redo().run()}
            />
          </Tooltip>
          <VariablePicker
            purpose={purpose}
            onInsert={(variable) =>
              editor
                .chain()
                .focus()
                .insertContent([
                  { type: 'variable', attrs: { expression: variable.expression } },
                  { type: 'text', text: ' ' },
                ])
                .run()
            }
          />
        </Space>
      )}
      <EditorContent editor={editor} />
    </div>
  );
};
