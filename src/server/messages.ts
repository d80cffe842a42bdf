// The API server's own error texts (the ones the client keys on are in src/contract/errors.ts).
// docs/api.md quotes every one of them; a test keeps the two in step.
export const SERVER_TEXT = {
  invalidHomeEmail: 'Enter a valid e-mail address.',
  invalidDelegateEmail: 'Enter a valid e-mail address for the delegate.',
  emailMismatch: 'The email does not match the signed-in account.',
  notManagedAccount: (email: string) =>
    `The Google account signed in as ${email} is not your organisation's managed account. Sign in with the Google Workspace account your organisation's administrator manages for you.`,
  xsrfMissing: 'The X-XSRF-TOKEN header must match the XSRF-TOKEN cookie of this session.',
  notInDirectory: 'Your account is no longer in the directory of this customer.',
  staffSessionNotCustomer:
    "A reseller staff session cannot act on a customer's subscription; sign in as the customer.",
  customerSessionNotStaff: "A customer's session cannot use the reseller's routes.",
  notResellerStaff:
    'Your account is neither a reseller admin nor reseller support staff, so the reseller console is not open to it.',
  staffSupportReadOnly: 'Reseller support staff can only look; changes are for reseller admins.',
  staffGroupMissing: (group: string) =>
    `The reseller's staff group ${group} does not exist in Google's directory; check RESELLER_ADMINS_GROUP and RESELLER_SUPPORT_GROUP.`,
  unknownCustomer: (named: string) =>
    `${named} is not a customer of this reseller: give a customer's id or one of its domains.`,
  invalidCustomersQuery:
    "Field 'query' must be the start of a domain name: letters, digits, dots and hyphens.",
  invalidCustomersPageToken:
    'The page token is not one this server gave; leave it out to start from the first page.',
  customersPageTokenOfAnotherSearch:
    'The page token belongs to another search or sort; leave it out to start from the first page.',
  invalidAuditCursor:
    'The cursor is not one this server gave; leave it out to start from the newest action.',
  invalidLedgerTime: (field: string) =>
    `Field '${field}' must be a day (YYYY-MM-DD) or an instant with its offset (2030-01-15T09:00:00Z).`,
  ledgerRangeEmpty: "Field 'from' must be before 'to'.",
  ledgerCsvPaged: 'The CSV holds every page of the ledger: leave out cursor and limit.',
  ledgerCsvTooLarge: (max: number) =>
    `The ledger's CSV holds at most ${max} rows and these filters match more; narrow them with from, to, customerId or state.`,
  addLicenceRole: 'Only an administrator or a licence delegate can add licences.',
  delegatesRole: 'Only an administrator can manage delegates.',
  foreignCustomer: 'You can only see and change the subscription of your own organisation.',
  foreignSubscription: 'This subscription does not belong to your organisation.',
  subscriptionIdChanged:
    'Google gave the subscription a new id while you were adding licenses, so nothing was bought. The page now shows the subscription as it is; check the total and try again.',
  historyRole: 'Only an administrator or a licence delegate can see the change history.',
  historyKindRole:
    'A licence delegate sees the licence adds only; delegate changes are for administrators.',
  invalidEventsAfter: "Field 'after' must be a whole number: the previous answer's next, or 0.",
  invalidEventsLimit: "Field 'limit' must be a whole number from 1 to 1000.",
  invalidHistoryCursor:
    'The cursor is not one this server gave; leave it out to start from the newest change.',
  // Subscription status, directory status and Google's failures (docs/configuration-google.md).
  subscriptionSuspended: (reasons: string) =>
    `Licenses cannot be added while the subscription is suspended: ${reasons}. Contact the reseller to reactivate it.`,
  trialSeatLimit: (newTotal: string | number, limit: string | number) =>
    `The new total of ${newTotal} licenses is above the ${limit} licenses Google allows while a subscription is in its free trial; more can be added once the trial has ended.`,
  subscriptionPending:
    'Licenses cannot be added while the subscription is pending: an administrator of your organisation must first accept the Google Workspace Terms of Service in the Google Admin console.',
  directoryUserSuspended: (email: string) =>
    `${email} is suspended in your organisation's directory, so it cannot sign in to the portal. Ask an administrator of your organisation to restore the account.`,
  directoryUserArchived: (email: string) =>
    `${email} is archived in your organisation's directory, so it cannot sign in to the portal. Ask an administrator of your organisation to restore the account.`,
  adminSdkAccessOff: (domain: string) =>
    `The Google Workspace account of ${domain} does not allow the reseller to use the Admin SDK API. An administrator of ${domain} must turn the reseller's API access back on in the Google Admin console.`,
  resellerAccessOff: (domain: string) =>
    `The Google Workspace account of ${domain} does not allow the reseller to access it. An administrator of ${domain} must turn reseller access to the Admin console back on in the Google Admin console.`,
  upstreamBusy: (service: string) =>
    `${service} is over its request quota or busy right now. Try again in a minute.`,
  upstreamDailyQuota: (service: string) =>
    `${service} has used up the reseller's daily request quota. Try again later.`,
  upstreamTimeout: (service: string) => `${service} did not answer in time. Try again in a minute.`,
  changeNotApplied: (service: string) =>
    `${service} did not confirm the change, and reading it back shows it was not made. Try again in a minute.`,
  // The delegate groups' own set-up (docs/configuration-google.md, "Delegate groups").
  delegateGroupNotReady: (group: string) =>
    `Google has just created the delegate group ${group} but does not show it yet. Try again in a minute.`,
  delegateGroupRefusesOutsiders: (group: string) =>
    `The delegate group ${group} still refuses members from outside the reseller's organisation after the portal allowed them; the reseller's Google Workspace must allow external members in groups.`,
  // Google's and the network's own words go to the log only (docs/security.md, "Errors from upstream").
  upstreamUnreachable: (service: string) =>
    `${service} could not be reached. Try again in a minute.`,
  upstreamFailed: (service: string) => `${service} failed. Try again in a minute.`,
  upstreamRefused: (service: string) =>
    `${service} refused the portal's request; the reseller can find why in the portal's log.`,
  apiNotEnabled: (service: string, api: string) =>
    `${service} is not enabled for the portal: the reseller must enable the ${api} in the Google Cloud project of its service account (APIs & Services).`,
  delegationScopeMissing: (service: string) =>
    `${service} refused the reseller's service account a scope: the reseller must allow the portal's scopes for the service account's client id under domain-wide delegation in its Google Admin console.`,
  serviceAccountUnauthorized: (service: string) =>
    `${service} refused the reseller's service account: the reseller must allow the service account's client id and the portal's scopes under domain-wide delegation in its Google Admin console.`,
  serviceAccountInvalid: (service: string) =>
    `${service} did not accept the reseller's service account: check its key (or GOOGLE_SERVICE_ACCOUNT_EMAIL) and RESELLER_ADMIN_EMAIL.`,
  tokenCreatorMissing: (service: string) =>
    `${service} could not sign as the reseller's service account: the reseller must grant the portal's runtime identity the role roles/iam.serviceAccountTokenCreator on the service account GOOGLE_SERVICE_ACCOUNT_EMAIL names.`,
  noDefaultCredentials: (service: string) =>
    `${service} could not sign in: no service-account key is configured and the runtime has no application default credentials. Run the portal on Cloud Run, GKE or a VM with a service account, or configure a key.`,
  withRequestId: (message: string, requestId: string) => `${message} (request id ${requestId})`,
  purchaseBeingConfirmed:
    'Your last purchase of licenses is still being confirmed with Google, so nothing was bought. Reload the page in a minute to see the current total before buying more.',
  priceChanged:
    'The price of licenses has changed since it was shown to you, so nothing was bought. Reload the page to see the new price, then buy again.',
  purchaseUnconfirmed:
    "Google's Reseller API did not confirm the purchase in time, so it may have gone through. Reload the page to see the current total before trying again.",
  deadlineExceeded:
    'The portal could not finish in time. Try again; if you were changing something, reload first to see whether the change was made.',
  noPhoto: 'There is no photo for this account.',
  storeNotAnswering: 'The portal store does not answer.',
  signOutNotRecorded:
    'You are signed out on this browser, but the portal could not end your sessions elsewhere right now. Sign in and sign out again later to end them.',
  invalidJson: 'The request body is not valid JSON.',
  emptyJson: 'The request body is empty; send a JSON object.',
  unsupportedMediaType: 'Send the request body as application/json.',
  payloadTooLarge: (limitBytes: number) =>
    `The request body is larger than the limit of ${limitBytes} bytes.`,
  rateLimited: (retryAfter: string) => `Too many requests. Try again in ${retryAfter}.`,
  organisationRateLimited: (retryAfter: string) =>
    `Your organisation has made too many requests to the portal. Try again in ${retryAfter}.`,
  noEndpoint: (method: string, url: string) => `No API endpoint at ${method} ${url}.`,
  methodNotAllowed: (method: string, url: string, allowed: string) =>
    `${url} does not answer ${method}; use ${allowed}.`,
  badRequest: 'The request could not be read.',
  headersTooLarge: "The request headers are too large; clear this site's cookies and try again.",
  malformedRequest: 'The request is not valid HTTP.',
  internal: 'The portal could not complete the request. Please try again later.',
  clientBuildMissing:
    'The portal is starting but its web client is not built yet. Run `npm start` (or `npm run build`) and reload.',
} as const;
