// eslint-disable-next-line no-restricted-imports -- the console store's own typed hooks, as app/hooks.ts
import { useDispatch, useSelector } from 'react-redux';
import type { ConsoleRootState, ConsoleStore } from './consoleStore';

export const useConsoleDispatch = useDispatch.withTypes<ConsoleStore['dispatch']>();
export const useConsoleSelector = useSelector.withTypes<ConsoleRootState>();
