import type { PortalConfig } from '../../contract/config';
import type { Services } from '../services/types';

/** Everything sagas reach through `getContext`: the services and the runtime configuration. */
export interface SagaContext extends Services {
  config: PortalConfig;
}
