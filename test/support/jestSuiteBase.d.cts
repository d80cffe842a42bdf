import type { Config } from 'jest';

declare const suiteBase: Config;
export = suiteBase;
