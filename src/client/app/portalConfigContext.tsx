import { createContext, useContext } from 'react';
import type { PortalConfig } from '../../contract/config';

// Screens read the runtime configuration (docs/api.md, Pages) here; sagas get it through saga context.
export const PortalConfigContext = createContext<PortalConfig | null>(null);

export function usePortalConfig(): PortalConfig {
  const config = useContext(PortalConfigContext);
  if (config === null) throw new Error('The portal configuration was not provided.');
  return config;
}
