// The page's first script, small and fetched at high priority: with a usable stored session it sends
// the subscription request before the portal's own scripts have arrived (docs/performance.md).
import { earlySubscriptionRequest } from './app/earlySubscription';
import { sendEarly } from './services/earlyAnswers';
import { createStorageService } from './services/storage';

try {
  const request = earlySubscriptionRequest(createStorageService(), window.location, Date.now());
  if (request !== null) sendEarly(request, (url, init) => window.fetch(url, init));
} catch {
  // Nothing is lost: the boot saga sends the request itself.
}
