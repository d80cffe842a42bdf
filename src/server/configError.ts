/** A bad configuration value: main.ts prints the message and exits non-zero, without a stack trace. */
export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}
