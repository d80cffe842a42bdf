import { API_PATHS } from '../../../contract/api';
import { photoSchema } from '../../../contract/endpoints';
import { notFound } from '../../apiError';
import { sessionOf } from '../../auth/guard';
import { SERVER_TEXT } from '../../messages';
import type { ApiScope, RouteContext } from '../context';

// The signed-in person's directory photo, served from the portal's own origin (docs/api.md,
// GET /api/photo): Google's photo URLs are on hosts the portal's CSP does not allow, and may be
// private. The bytes come from Directory users.photos.get with the reseller's credentials.
export async function photoRoutes(app: ApiScope, { provider }: RouteContext): Promise<void> {
  app.get(API_PATHS.photo, { schema: photoSchema }, async (request, reply) => {
    const photo = await provider.getUserPhoto(sessionOf(request).email);
    if (photo === null) throw notFound(SERVER_TEXT.noPhoto);
    // Not cached: the same URL shows whoever is signed in on this browser.
    return reply
      .header('cache-control', 'private, no-store')
      .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
      .type(photo.contentType)
      .send(photo.data);
  });
}
