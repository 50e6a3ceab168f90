/**
 * Small line icons for the time controls, drawn inline so they look the same with every font.
 */

const common = { width: 14, height: 14, viewBox: '0 0 16 16', 'aria-hidden': true, focusable: false } as const;

/** Play: a triangle. */
export function PlayIcon() {
  return (
    <svg {...common}>
      <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
    </svg>
  );
}

/** Pause: two bars. */
export function PauseIcon() {
  return (
    <svg {...common}>
      <rect x="3.5" y="2.5" width="3" height="11" rx="0.8" fill="currentColor" />
      <rect x="9.5" y="2.5" width="3" height="11" rx="0.8" fill="currentColor" />
    </svg>
  );
}

/** Step: a triangle against a bar. */
export function StepIcon() {
  return (
    <svg {...common}>
      <path d="M3 3v10l7-5z" fill="currentColor" />
      <rect x="11" y="3" width="2.2" height="10" rx="0.6" fill="currentColor" />
    </svg>
  );
}

/** Restart: a circular arrow. */
export function RestartIcon() {
  return (
    <svg {...common} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d="M3.2 8a4.8 4.8 0 1 0 1.6-3.6" />
      <path d="M3 2.2v3h3" />
    </svg>
  );
}

/** Reset view: a frame with a centre point. */
export function ViewIcon() {
  return (
    <svg {...common} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round">
      <path d="M2 5.5V2h3.5M10.5 2H14v3.5M14 10.5V14h-3.5M5.5 14H2v-3.5" />
      <circle cx="8" cy="8" r="1.6" fill="currentColor" stroke="none" />
    </svg>
  );
}

/** Full screen: four arrows pointing out to the corners (or, with `exit`, in from them). */
export function FullScreenIcon({ exit = false }: { exit?: boolean }) {
  return (
    <svg {...common} fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path
        d={
          exit
            ? 'M6 2.5V6H2.5M2 2l4 4M10 2.5V6h3.5M14 2l-4 4M6 13.5V10H2.5M2 14l4-4M10 13.5V10h3.5M14 14l-4-4'
            : 'M2 5.5V2h3.5M2 2l4 4M14 5.5V2h-3.5M14 2l-4 4M2 10.5V14h3.5M2 14l4-4M14 10.5V14h-3.5M14 14l-4-4'
        }
      />
    </svg>
  );
}

/** Reverse: two arrows in opposite directions. */
export function ReverseIcon() {
  return (
    <svg {...common}>
      <path d="M2 5h10M9 2l3 3-3 3M14 11H4M7 8l-3 3 3 3" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}
