import { type CSSProperties, type ReactNode, type RefObject, useLayoutEffect, useRef, useState } from 'react';

/**
 * A long name or address cut to its column with an ellipsis, so a table keeps one line per fact:
 * the whole text shows on hover (its title) and while it has focus. A link inside takes focus
 * itself; plain text that is cut becomes focusable, so a keyboard reaches what a pointer can.
 */
export const ClippedText = ({
  text,
  children,
  maxWidth,
}: {
  /** The whole text, for the title and for a screen reader. */
  text: string;
  /** What is shown, when it is more than the text (a link). */
  children?: ReactNode;
  /** The widest it gets before it is cut (CSS length); 16rem unless told. */
  maxWidth?: string;
}) => {
  const ref = useRef<HTMLSpanElement>(null);
  const isCut = useIsCut(ref, children === undefined);
  return (
    <span
      ref={ref}
      className="clipped-text"
      title={text}
      tabIndex={isCut ? 0 : undefined}
      style={maxWidth ? ({ '--clip-width': maxWidth } as CSSProperties) : undefined}
    >
      {children ?? text}
    </span>
  );
};

/** Whether the text overflows its box now, watched as the column resizes; only when asked. */
const useIsCut = (ref: RefObject<HTMLSpanElement | null>, isWatched: boolean) => {
  const [isCut, setIsCut] = useState(false);
  useLayoutEffect(() => {
    const node = ref.current;
    if (!isWatched || !node) return;
    // Focused, the text shows whole and so is no longer cut: it stays focusable until it is left.
    const measure = () => {
      if (document.activeElement !== node) setIsCut(node.scrollWidth > node.clientWidth);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(node);
    node.addEventListener('blur', measure);
    return () => {
      observer.disconnect();
      node.removeEventListener('blur', measure);
    };
  }, [ref, isWatched]);
  return isCut;
};
