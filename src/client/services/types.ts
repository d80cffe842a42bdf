// The only doors to the outside world. Sagas reach them through saga context (app/sagaContext.ts),
// so tests, scenario replay and recording swap them without touching the sagas.

/** What the HTTP service rejects with: plain data, so it can be stored, recorded and replayed. */
export interface HttpFailure {
  /** HTTP status; 0 when no response arrived (network failure). */
  status: number;
  /** The parsed JSON body, or the raw text when the body is not JSON, or null. */
  body: unknown;
}

export type Query = Record<string, string>;

export interface HttpService {
  /** GET a relative URL; resolves with the parsed JSON body of a 2xx, rejects with HttpFailure. */
  get<T>(path: string, query?: Query, headers?: Record<string, string>): Promise<T>;
  /** POST JSON to a relative URL with the X-XSRF-TOKEN header taken from the XSRF-TOKEN cookie. */
  post<T>(path: string, body: unknown): Promise<T>;
}

/** The console also replaces a resource (PUT, docs/api.md, The reseller's console); customers never do. */
export interface ConsoleHttpService extends HttpService {
  /** PUT JSON, with the same headers as post. */
  put<T>(path: string, body: unknown): Promise<T>;
}

export interface IdentityToken {
  accessToken: string;
  /** Seconds, as the provider says. */
  expiresIn: number;
  /** Space-separated granted scopes. */
  scope: string;
}

/** What the identity service rejects with (popup closed, access_denied, …). */
export interface IdentityFailure {
  error: string;
  description?: string;
}

export interface IdentityService {
  /** Opens the provider's popup with the e-mail as hint and asks for the scopes. */
  requestToken(hint: string, scopes: readonly string[]): Promise<IdentityToken>;
  /**
   * Sign-out: withdraws the access token at the provider (rejects with IdentityFailure). Optional,
   * so a wrapper that does not know it (a recorder, a replay) simply leaves it out.
   */
  revoke?(token: string): Promise<void>;
}

/** Local storage entry tokenData (docs/behaviour.md 3). */
export interface TokenData {
  token: string;
  /** Epoch milliseconds. */
  expiry: number;
}

export interface StorageService {
  getEmail(): string | null;
  setEmail(email: string): void;
  getTokenData(): TokenData | null;
  setTokenData(data: TokenData): void;
  removeTokenData(): void;
}

export interface BrowserService {
  /** In-app navigation (router). */
  navigate(path: string): void;
  /** Leave the app for an external URL. */
  assign(url: string): void;
  reload(): void;
}

export interface ClockService {
  now(): number;
}

export interface LogService {
  error(message: string, detail?: unknown): void;
}

export interface Services {
  http: HttpService;
  identity: IdentityService;
  storage: StorageService;
  browser: BrowserService;
  clock: ClockService;
  log: LogService;
}
