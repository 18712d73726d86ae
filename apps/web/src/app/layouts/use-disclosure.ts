import { useEffect, useId, useRef, useState } from 'react';

/**
 * A button that opens a small popup: it opens on click, takes focus into the popup, and closes on
 * Escape (focus back on the button), on a click outside, or on a second click. A few lines instead
 * of antd's Dropdown, whose menu and popup machinery would weigh on every signed-in page.
 */
export const useDisclosure = () => {
  const [isOpen, setIsOpen] = useState(false);
  const containerRef = useRef<HTMLDivElement>(null);
  const triggerRef = useRef<HTMLButtonElement>(null);
  const popupRef = useRef<HTMLDivElement>(null);
  const popupId = useId();

  useEffect(() => {
    if (!isOpen) return;
    popupRef.current?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!containerRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      triggerRef.current?.focus();
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen]);

  return {
    isOpen,
    close: () => setIsOpen(false),
    containerRef,
    popupRef,
    popupId,
    triggerProps: {
      ref: triggerRef,
      'aria-expanded': isOpen,
      'aria-controls': isOpen ? popupId : undefined,
      onClick: () => setIsOpen((open) => !open),
    },
  };
};
