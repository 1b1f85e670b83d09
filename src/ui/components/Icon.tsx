import type { SVGProps } from 'react'

/** Line icons drawn on a 24×24 grid; paths only, so they inherit `currentColor`. */
const paths = {
  back: 'M15 5l-7 7 7 7',
  close: 'M6 6l12 12M18 6L6 18',
  copy: 'M9 9h10v10H9zM5 15V5h10',
  check: 'M5 12.5l4.5 4.5L19 7.5',
  search: 'M11 4a7 7 0 1 1 0 14 7 7 0 0 1 0-14zM16.5 16.5L20 20',
  chevronRight: 'M9 6l6 6-6 6',
  chevronDown: 'M6 9l6 6 6-6',
  swap: 'M7 4v16M7 20l-3-3M7 20l3-3M17 20V4M17 4l-3 3M17 4l3 3',
  external: 'M14 5h5v5M19 5l-8 8M17 14v5H5V7h5',
  wallet: 'M4 7h14a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V7zM4 7l11-3v3M16 13h.01',
  network: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM3 12h18M12 3c2.5 2.5 3.5 5.5 3.5 9s-1 6.5-3.5 9M12 3C9.5 5.5 8.5 8.5 8.5 12s1 6.5 3.5 9',
  send: 'M5 12h14M13 6l6 6-6 6',
  receive: 'M12 4v14M6 12l6 6 6-6',
  card: 'M3 6h18v12H3zM3 10h18',
  disconnect: 'M10 5H5v14h5M15 8l4 4-4 4M19 12H9',
  mail: 'M3 6h18v12H3zM3 6l9 7 9-7',
  alert: 'M12 4l9 16H3L12 4zM12 10v4M12 17h.01',
  info: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 11v6M12 7.5h.01',
  tag: 'M4 4h7l9 9-7 7-9-9V4zM8 8h.01',
  qr: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2M18 14h2',
  key: 'M8 8a4 4 0 1 0 0 8 4 4 0 0 0 0-8zM12 12h9M18 12v3M21 12v2',
  device: 'M4 5h16v11H4zM2 19h20M10 16v3M14 16v3',
  shield: 'M12 3l8 3v6c0 4.5-3.4 7.8-8 9-4.6-1.2-8-4.5-8-9V6zM9 12l2 2 4-4',
} as const

export type IconName = keyof typeof paths

/**
 * A decorative icon: hidden from assistive technology, so the control around it must
 * carry the label (an `aria-label` on icon-only buttons).
 */
export function Icon({ name, size = 18, ...rest }: { name: IconName; size?: number } & Omit<SVGProps<SVGSVGElement>, 'name'>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      data-icon={name}
      {...rest}
    >
      <path d={paths[name]} />
    </svg>
  )
}
