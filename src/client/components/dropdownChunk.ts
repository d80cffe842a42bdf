import type { DropdownProps } from 'antd';
import type { ComponentType } from 'react';

// antd's Dropdown with its Menu in their own chunk (./DeferredDropdown.tsx), here alone so the page can
// fetch it when idle without carrying the component that waits for it (docs/performance.md).

export type Dropdown = ComponentType<DropdownProps>;

let loaded: Dropdown | undefined;
let loading: Promise<Dropdown> | undefined;

/** The Dropdown once its chunk is in, else undefined. */
export function loadedDropdown(): Dropdown | undefined {
  return loaded;
}

/** Fetches the Dropdown's chunk once; a failed fetch is tried again on the next call. */
export function preloadDropdown(): Promise<Dropdown> {
  loading ??= import(/* webpackChunkName: "dropdown" */ 'antd/lib/dropdown').then(
    (module) => (loaded = module.default),
    (error: unknown) => {
      loading = undefined;
      throw error;
    },
  );
  return loading;
}
