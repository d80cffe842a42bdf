import type { DataRouter } from 'react-router-dom';
import type { PortalConfig } from '../../contract/config';
import { createBrowserService } from './browser';
import { systemClock } from './clock';
import { createHttpService } from './http';
import { createGoogleIdentity } from './identity/googleIdentity';
import { createSandboxIdentity } from './identity/sandboxIdentity';
import { createConsoleLog } from './log';
import { createStorageService } from './storage';
import type { IdentityService, Services } from './types';

// The real services for the browser; the runtime configuration picks the identity provider.
function createIdentity(config: PortalConfig): IdentityService {
  if (config.identity.kind === 'google') return createGoogleIdentity(config.identity.clientId);
  return createSandboxIdentity({
    clientId: config.identity.clientId,
    authorizeUrl: config.identity.authorizeUrl,
  });
}

export function createServices(config: PortalConfig, router: DataRouter): Services {
  return {
    http: createHttpService({ xsrfCookie: config.xsrfCookie }),
    identity: createIdentity(config),
    storage: createStorageService(),
    browser: createBrowserService(router),
    clock: systemClock,
    log: createConsoleLog(),
  };
}
