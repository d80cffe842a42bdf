// dom-accessibility-api ships types its package.json "exports" do not name, so TypeScript's bundler
// resolution cannot find them; these are the signatures of the three functions used here.
declare module 'dom-accessibility-api' {
  export function computeAccessibleName(element: Element): string;
  export function getRole(element: Element): string | null;
  export function isInaccessible(element: Element): boolean;
}
