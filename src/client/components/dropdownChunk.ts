import type { DropdownProps } from 'antd';
import type { ComponentType } from 'react';
import { chunkLoader } from './chunkLoader';

// antd's Dropdown with its Menu in their own chunk (./DeferredDropdown.tsx), here alone so the page can
// fetch it when idle without carrying the component that waits for it (docs/performance.md).

export type Dropdown = ComponentType<DropdownProps>;

export const dropdownChunk = chunkLoader<Dropdown>(() =>
  import(/* webpackChunkName: "dropdown" */ 'antd').then((module) => module.Dropdown),
);
