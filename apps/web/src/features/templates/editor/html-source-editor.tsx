import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import { html } from '@codemirror/lang-html';
import { bracketMatching, defaultHighlightStyle, syntaxHighlighting } from '@codemirror/language';
import { EditorState } from '@codemirror/state';
import {
  drawSelection,
  EditorView,
  highlightActiveLine,
  highlightActiveLineGutter,
  keymap,
  lineNumbers,
} from '@codemirror/view';
import { type Ref, useEffect, useImperativeHandle, useRef } from 'react';

/** What the document editor's surroundings do to the text: insert at the cursor, go to a problem. */
export type THtmlSourceEditorHandle = {
  insert: (text: string) => void;
  goTo: (line: number, column: number) => void;
};

/**
 * A document's HTML and CSS in the template language, with line numbers and highlighting. The text is
 * read once when the editor opens; every change is handed to `onChange`.
 */
export const HtmlSourceEditor = ({
  initialSource,
  onChange,
  isReadOnly = false,
  label,
  ref: handle,
}: {
  initialSource: string;
  onChange: (source: string) => void;
  isReadOnly?: boolean;
  label: string;
  ref?: Ref<THtmlSourceEditorHandle>;
}) => {
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;

  // biome-ignore lint/correctness/useExhaustiveDependencies: the text is read once, as the editor opens.
  useEffect(() => {
    if (!host.current) return;
    const editor = new EditorView({
      parent: host.current,
      state: EditorState.create({
        doc: initialSource,
        extensions: [
          lineNumbers(),
          highlightActiveLineGutter(),
          highlightActiveLine(),
          drawSelection(),
          history(),
          bracketMatching(),
          html(),
          syntaxHighlighting(defaultHighlightStyle),
          EditorView.lineWrapping,
          // Tab indents; Esc then Tab leaves the editor, as CodeMirror documents for keyboard users.
          keymap.of([...defaultKeymap, ...historyKeymap, indentWithTab]),
          EditorState.readOnly.of(isReadOnly),
          // The text is in the tab order already; saying so lets a checker see the scrolled source is
          // reachable by keyboard once a document is longer than the editor.
          EditorView.contentAttributes.of({ 'aria-label': label, tabindex: '0' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) latestOnChange.current(update.state.doc.toString());
          }),
        ],
      }),
    });
    view.current = editor;
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, []);

  useImperativeHandle(handle, () => ({
    insert: (text) => {
      const editor = view.current;
      if (!editor) return;
      editor.dispatch(editor.state.replaceSelection(text));
      editor.focus();
    },
    goTo: (line, column) => {
      const editor = view.current;
      if (!editor) return;
      const lineInfo = editor.state.doc.line(Math.min(Math.max(line, 1), editor.state.doc.lines));
      const anchor = Math.min(lineInfo.from + Math.max(column - 1, 0), lineInfo.to);
      editor.dispatch({ selection: { anchor }, scrollIntoView: true });
      editor.focus();
    },
  }));

  return <div ref={host} className="template-source-editor" />;
};
