interface IconProps {
  /** the path's d attribute, drawn on a 24 × 24 grid */
  path: string;
  /** width and height in pixels */
  size: number;
  className?: string;
  /** the stylesheet paints the path: no fill="currentColor" on it */
  cssFill?: boolean;
}

/** A one-path decorative SVG icon, hidden from screen readers: the button or link around it has the name. */
export function Icon({ path, size, className, cssFill = false }: IconProps) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} className={className} aria-hidden="true" focusable="false">
      <path fill={cssFill ? undefined : 'currentColor'} d={path} />
    </svg>
  );
}
