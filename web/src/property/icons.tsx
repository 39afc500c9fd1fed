/** Small inline SVG icons (decorative: hidden from assistive technology). */

interface IconProps {
  className?: string
}

const base = {
  'aria-hidden': true,
  focusable: false,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
} as const

export function ChevronIcon({ direction, className }: IconProps & { direction: 'left' | 'right' }) {
  return (
    <svg {...base} className={className} width="24" height="24">
      <path d={direction === 'left' ? 'M15 18l-6-6 6-6' : 'M9 6l6 6-6 6'} />
    </svg>
  )
}

export function PlayIcon({ className }: IconProps) {
  return (
    <svg {...base} className={`icon-play ${className ?? ''}`} width="40" height="40" viewBox="0 0 48 48" strokeWidth={0}>
      <circle cx="24" cy="24" r="22" fill="rgba(15, 23, 42, 0.72)" />
      <path d="M19 15.5v17l14-8.5z" fill="#fff" />
    </svg>
  )
}

export function NoPhotoIcon({ className }: IconProps) {
  return (
    <svg {...base} className={className} width="48" height="48" strokeWidth={1.5}>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <circle cx="9" cy="10" r="2" />
      <path d="M21 16l-5-5-8 8" />
      <path d="M3 3l18 18" />
    </svg>
  )
}

export function BedIcon({ className }: IconProps) {
  return (
    <svg {...base} className={className} width="20" height="20">
      <path d="M3 18V7M3 14h18v4M21 14v-2a3 3 0 0 0-3-3h-7v5" />
      <circle cx="7" cy="11" r="1.6" />
    </svg>
  )
}

export function BathIcon({ className }: IconProps) {
  return (
    <svg {...base} className={className} width="20" height="20">
      <path d="M4 12h16v3a4 4 0 0 1-4 4H8a4 4 0 0 1-4-4z" />
      <path d="M6 12V6a2 2 0 0 1 3.5-1.3M7 19l-1 2M17 19l1 2" />
    </svg>
  )
}

export function CarIcon({ className }: IconProps) {
  return (
    <svg {...base} className={className} width="20" height="20">
      <path d="M5 16V11l2-5h10l2 5v5M3 16h18v3H3zM5 11h14" />
      <circle cx="7.5" cy="13.5" r=".8" />
      <circle cx="16.5" cy="13.5" r=".8" />
    </svg>
  )
}

export function AreaIcon({ className }: IconProps) {
  return (
    <svg {...base} className={className} width="20" height="20">
      <path d="M4 4h16v16H4zM4 9h5M15 4v5M9 20v-5M20 15h-5" />
    </svg>
  )
}

export function PinIcon({ className }: IconProps) {
  return (
    <svg {...base} className={className} width="18" height="18">
      <path d="M12 21s-7-6.2-7-12a7 7 0 0 1 14 0c0 5.8-7 12-7 12z" />
      <circle cx="12" cy="9" r="2.5" />
    </svg>
  )
}

export function CheckIcon({ className }: IconProps) {
  return (
    <svg {...base} className={className} width="18" height="18">
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </svg>
  )
}

export function ExpandIcon({ className }: IconProps) {
  return (
    <svg {...base} className={className} width="22" height="22">
      <path d="M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5" />
    </svg>
  )
}
