import { createContext, useContext } from 'react';

/**
 * True while the home page is rendered to HTML at build time (docs/performance.md): fields are then
 * read-only, since what a visitor typed there would be lost when the portal's scripts take over.
 */
export const StaticMarkupContext = createContext(false);

export const useStaticMarkup = () => useContext(StaticMarkupContext);
