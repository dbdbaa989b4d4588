import { useCallback, useEffect, useId, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import { useOnNavigation } from '@/lib/use-on-navigation';

interface DisclosureMenuProps {
  label: ReactNode;
  /** accessible name of the button when the label is not plain text */
  ariaLabel?: string;
  align?: 'start' | 'end';
  /** class of the toggle button (defaults to a navbar link) */
  buttonClassName?: string;
  className?: string;
  /** the items: links or buttons; the menu closes when one is chosen */
  children: ReactNode;
  /** told every time the menu opens or closes */
  onOpenChange?: (open: boolean) => void;
  /** extra style for the menu panel (e.g. a width for wide content) */
  menuStyle?: CSSProperties;
}

/**
 * A small dropdown for site navigation (the disclosure pattern): a button that shows a list of
 * links. Escape closes it and returns focus; a click elsewhere or a navigation closes it. Styled
 * by Bootstrap's .dropdown CSS, without Popper, so it costs almost nothing in the first download.
 */
export function DisclosureMenu({
  label,
  ariaLabel,
  align = 'start',
  buttonClassName = 'nav-link dropdown-toggle',
  className = 'nav-item dropdown',
  children,
  onOpenChange,
  menuStyle,
}: DisclosureMenuProps) {
  const [open, setOpenState] = useState(false);
  const openRef = useRef(open);
  const notify = useRef(onOpenChange);
  useEffect(() => {
    notify.current = onOpenChange;
  });
  const setOpen = useCallback((next: boolean | ((was: boolean) => boolean)) => {
    const value = typeof next === 'function' ? next(openRef.current) : next;
    if (value === openRef.current) return;
    openRef.current = value;
    setOpenState(value);
    notify.current?.(value);
  }, []);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  useOnNavigation(() => setOpen(false), { withSearch: true });

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        button.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open, setOpen]);

  return (
    <div
      ref={root}
      className={className}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setOpen(false);
      }}
    >
      <button
        ref={button}
        type="button"
        className={buttonClassName}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={ariaLabel}
        onClick={() => setOpen((o) => !o)}
      >
        {label}
      </button>
      <ul
        id={menuId}
        className={`dropdown-menu ${align === 'end' ? 'dropdown-menu-end' : ''} ${open ? 'show' : ''}`}
        data-bs-popper="static"
        style={menuStyle}
        onClick={(event) => {
          if ((event.target as HTMLElement).closest('a,button')) setOpen(false);
        }}
      >
        {children}
      </ul>
    </div>
  );
}
