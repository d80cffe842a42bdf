import { useId, useState, useSyncExternalStore } from 'react';

// The small panel shown while recording: how far the recording got, and the download buttons.
export interface RecordingControlProps {
  subscribe: (listener: () => void) => () => void;
  stepCount: () => number;
  /** Pseudonymise: e-mail addresses and customer and subscription ids (on unless unticked). */
  onDownload: (pseudonymise: boolean) => void;
  /** Present when the previous page of this tab (ended by a reload or leaving) left a recording. */
  onDownloadPrevious?: (pseudonymise: boolean) => void;
}

const panelStyle = {
  position: 'fixed',
  right: 12,
  bottom: 12,
  zIndex: 2000,
  display: 'flex',
  gap: 8,
  alignItems: 'center',
  padding: '6px 10px',
  background: '#fff',
  border: '1px solid #5f6368',
  borderRadius: 6,
  font: '14px sans-serif',
  color: '#202124',
} as const;

export function RecordingControl({
  subscribe,
  stepCount,
  onDownload,
  onDownloadPrevious,
}: RecordingControlProps) {
  const steps = useSyncExternalStore(subscribe, stepCount);
  const [pseudonymise, setPseudonymise] = useState(true);
  const checkboxId = useId();
  return (
    <aside aria-label="Scenario recording" style={panelStyle}>
      <span role="status">Recording scenario: {steps} steps</span>
      <span>
        <input
          id={checkboxId}
          type="checkbox"
          checked={pseudonymise}
          onChange={(event) => setPseudonymise(event.target.checked)}
        />{' '}
        <label htmlFor={checkboxId}>Pseudonymise e-mail addresses and ids</label>
      </span>
      <button type="button" onClick={() => onDownload(pseudonymise)}>
        Download scenario
      </button>
      {onDownloadPrevious && (
        <button type="button" onClick={() => onDownloadPrevious(pseudonymise)}>
          Download previous page&apos;s scenario
        </button>
      )}
    </aside>
  );
}
