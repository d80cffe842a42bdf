// The portal's business constants in one place (docs/behaviour.md 9 unless noted).

/** Stored token lifetime: 59 minutes after saving (docs/behaviour.md 9). */
export const TOKEN_LIFETIME_MS = 3_540_000;
/** Session cookie lifetime matches the token's (docs/security.md). */
export const SESSION_LIFETIME_MS = TOKEN_LIFETIME_MS;
/** Forbidden screen typing animation (docs/behaviour.md 2, docs/behaviour.md 9). */
export const TYPING_MS_PER_CHARACTER = 10;
export const DASHBOARD_MAX_WIDTH_PX = 1120;
/** The home and forbidden screens (docs/behaviour.md 9.3). */
export const NARROW_PAGE_MAX_WIDTH_PX = 700;
export const SPINNER_DIAMETERS_PX = { large: 96, medium: 72, small: 28 } as const;
/** Home e-mail limits where the generic e-mail rule applies (docs/behaviour.md 9). */
export const EMAIL_MAX_LENGTH = 254;
export const EMAIL_LOCAL_PART_MAX_LENGTH = 64;
/** Identity scopes requested at sign-in (docs/behaviour.md 1, docs/api.md). */
export const DIRECTORY_SCOPE = 'https://www.googleapis.com/auth/admin.directory.user.readonly';
export const SIGN_IN_SCOPES = ['email', 'profile', DIRECTORY_SCOPE] as const;
/** Destinations chosen by the home screen's `customer` query (docs/behaviour.md 2); licenses is the default (docs/behaviour.md 9). */
export const LICENSES_DESTINATION = 'licenses';
