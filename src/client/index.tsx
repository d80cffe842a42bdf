// The entry: the portal, started on the page's root element (docs/architecture.md, Boot).
import { boot } from './boot';

void boot();
