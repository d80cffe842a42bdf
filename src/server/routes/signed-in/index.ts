import type { RouteFamily } from '../context';
import { addLicenceRoutes } from './addLicence';
import { delegateRoutes } from './delegates';
import { historyRoutes } from './history';
import { photoRoutes } from './photo';
import { pricePreviewRoutes } from './pricePreview';

// The signed-in scope's routes (docs/architecture.md, The API's two scopes): a live session only.

export const signedInRoutes: readonly RouteFamily[] = [
  addLicenceRoutes,
  delegateRoutes,
  historyRoutes,
  photoRoutes,
  pricePreviewRoutes,
];
