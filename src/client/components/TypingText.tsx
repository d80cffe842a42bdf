import { useEffect, useMemo, useState } from 'react';
import { textLength, typedPrefix } from './typedPrefix';

export interface TypingTextProps {
  /** HTML that is already sanitised; give the component a new key to type a new text. */
  html: string;
  msPerCharacter: number;
}

const REDUCED_MOTION = '(prefers-reduced-motion: reduce)';

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(REDUCED_MOTION).matches;
}

/** Types the HTML out one character at a time; shows it at once under prefers-reduced-motion. */
export function TypingText({ html, msPerCharacter }: TypingTextProps) {
  const total = useMemo(() => textLength(html), [html]);
  const [instant] = useState(prefersReducedMotion);
  const [typed, setTyped] = useState(0);
  const done = instant || typed >= total;

  // One steady clock for the whole text, stopped once everything is shown.
  useEffect(() => {
    if (done) return undefined;
    const timer = window.setInterval(() => setTyped((count) => count + 1), msPerCharacter);
    return () => window.clearInterval(timer);
  }, [done, msPerCharacter]);

  return (
    <span
      aria-busy={!done}
      // The caller sanitised the HTML (forbidden details: docs/behaviour.md 8.4).
      dangerouslySetInnerHTML={{ __html: done ? html : typedPrefix(html, typed) }}
    />
  );
}
