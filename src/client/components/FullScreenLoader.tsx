import { Spinner } from './Spinner';

export interface FullScreenLoaderProps {
  label: string;
}

// A veil over the whole page while a change is being saved (docs/behaviour.md 2: during add and delete).
const VEIL_Z_INDEX = 2000;

/** Covers the page, above open dialogs, so nothing can be clicked twice. */
export function FullScreenLoader({ label }: FullScreenLoaderProps) {
  return (
    <div
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: VEIL_Z_INDEX,
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'rgba(255, 255, 255, 0.75)',
      }}
    >
      <Spinner size="medium" label={label} />
    </div>
  );
}
